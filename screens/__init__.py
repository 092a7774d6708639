"""The Textual app: one screen per file, its .tcss beside it. Screens ask the core what is legal."""
