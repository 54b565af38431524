"""`worldgen serve`: worlds over a JSON-lines protocol, for trainers in any language or process.

``messages`` defines the requests and replies (and, through ``schemagen``, their JSON Schemas);
``protocol`` answers one request line with one reply line; ``stdio`` and ``http`` are the two
transports, ``lines`` frames requests and replies for both, and ``guard`` and ``limits`` keep HTTP
clients from holding the server. docs/protocol.md is the user's guide.
"""
