"""The boards and example scenes shipped inside the package (board/ and scenes/ of the checkout, linked here),
so that importlib.resources finds them however Versus was installed: pip, --user, --target, a wheel."""
