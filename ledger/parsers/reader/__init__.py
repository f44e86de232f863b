"""The reader: a document read once into line-numbered blocks (markdown or a rendered copy)."""
