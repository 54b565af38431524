"""Rules -> Python: the one implementation of the language's semantics, shared by the world
builder (initial values), the runtime (steps) and the model checker (successor states)."""
