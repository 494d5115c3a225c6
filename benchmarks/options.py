"""The options the row scripts of `make bench` share."""


def take_runs(argv, default=5):
    """`--runs R` taken out of argv (the rest are the script's own arguments); R, else `default`."""
    if "--runs" not in argv:
        return default
    i = argv.index("--runs")
    runs = int(argv[i + 1])
    del argv[i:i + 2]
    return runs
