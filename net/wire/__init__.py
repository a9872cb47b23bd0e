"""What host and peer share on the line: frames and message schemas, TLS and
key pinning, what may leave the host, the fair deal, the LAN advertisement
(see net/__init__.py for the modules)."""
