"""(docstring follows)"""
