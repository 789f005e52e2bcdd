package io.feedline.app.cli;

import io.feedline.app.bootstrap.ConfigurationReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code feedline config reference}: the configuration reference, docs/CONFIGURATION.md, from reference.conf. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = "About the configuration.",
        subcommands = {ConfigCommand.Reference.class})
final class ConfigCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "reference", mixinStandardHelpOptions = true,
            description = "Prints every key with its default and meaning, in Markdown (docs/CONFIGURATION.md).")
    static final class Reference implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        // A file of its own, since a build tool that runs the command may add to its standard output.
        @CommandLine.Option(names = {"-o", "--output"}, paramLabel = "FILE",
                description = "Write the page to FILE instead of the standard output.")
        Path output;

        @Override
        public Integer call() throws IOException {
            String page = ConfigurationReference.markdown();
            if (output != null) {
                Files.writeString(output, page, StandardCharsets.UTF_8);
                return 0;
            }
            spec.commandLine().getOut().print(page);
            spec.commandLine().getOut().flush();
            return 0;
        }
    }
}
