"""Token counts that say how they were made: exact from a tiktoken encoding file already on the machine
(``encodings`` reads and checks it, never downloads), else an estimate that errs high. The bottom layer."""
