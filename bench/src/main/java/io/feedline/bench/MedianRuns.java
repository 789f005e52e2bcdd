package io.feedline.bench;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The options of a command that repeats its measurement and reports medians: the engines, and how many runs. */
final class MedianRuns {
    @CommandLine.Mixin
    EngineOptions engines;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3", description = "Runs; medians are reported. Default: ${DEFAULT-VALUE}.")
    int count;
}
