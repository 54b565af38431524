"""A verified world's state graph as its runtime: compact numpy tables (state x command ->
successor, reward, ends; chance outcomes with probabilities; admissible mask per state) built from
the model checker's exploration, stored beside the artifact and stepped without running the rules.
See docs/tables.md for which worlds qualify and what they cost."""
