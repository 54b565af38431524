"""Content providers: procedural (offline), openai (chat completions), openai-batch (files)."""
