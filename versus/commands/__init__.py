"""One module per `versus` command: add_arguments(parser) and run(args) -> exit status."""
