package io.feedline.app.cli;

import io.feedline.app.bootstrap.App;
import io.feedline.app.bootstrap.DynamoLocalServer;
import io.feedline.app.bootstrap.FanoutProcess;
import io.feedline.app.bootstrap.FeedlineConfig;
import io.feedline.app.bootstrap.InvalidConfiguration;
import io.feedline.app.bootstrap.StorageSetup;
import io.feedline.ports.model.FeedlineException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.slf4j.bridge.SLF4JBridgeHandler;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code feedline serve | worker | init | dynamodb-local | config}, plus the {@link ExtraCommand}s found on the class path
 * ({@code bench}, from the bench module). Every command reads the same layered configuration; the
 * process exits when the command ends, since DynamoDB Local leaves threads that would keep the JVM
 * alive.
 */
@Command(
        name = "feedline",
        mixinStandardHelpOptions = true,
        versionProvider = FeedlineCli.Version.class,
        description = "Feedline: a social home-feed backend (users, posts, follows, likes, push/pull/hybrid feeds).",
        subcommands = {FeedlineCli.Serve.class, FeedlineCli.Worker.class, FeedlineCli.Init.class,
            FeedlineCli.DynamoDbLocal.class, ConfigCommand.class, CommandLine.HelpCommand.class},
        footerHeading = "%nConfiguration (HOCON):%n",
        footer = {
            "  Defaults, then a file (--config FILE, or FEEDLINE_CONFIG), then environment variables:",
            "  FEEDLINE_ + the key in upper case with '.' and '-' as '_' (fanout.mode -> FEEDLINE_FANOUT_MODE).",
            "  Run 'feedline help serve' for every key with its default."
        })
public final class FeedlineCli implements Runnable {
    static final int CONFIGURATION_ERROR = 2;
    static final int STORAGE_ERROR = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        System.exit(execute(System.getenv(), args));
    }

    /** Runs a command without exiting, reading the environment from {@code environment}. */
    static int execute(Map<String, String> environment, String... args) {
        return commandLine(environment).execute(args);
    }

    /**
     * The whole CLI, ready to {@code execute}: the built-in commands, every {@link ExtraCommand} on the
     * class path, and the placeholder {@code bench} when the bench module is not there.
     */
    public static CommandLine commandLine(Map<String, String> environment) {
        Factory factory = new Factory(environment);
        CommandLine cli = new CommandLine(new FeedlineCli(), factory);
        for (ExtraCommand extra : ServiceLoader.load(ExtraCommand.class)) {
            cli.addSubcommand(new CommandLine(extra, factory));
        }
        if (!cli.getSubcommands().containsKey(BenchElsewhere.NAME)) {
            cli.addSubcommand(new CommandLine(new BenchElsewhere(), factory));
        }
        cli.setUsageHelpWidth(130);
        cli.getSubcommands().get("serve").getCommandSpec().usageMessage().footer(keyTable());
        cli.setExecutionExceptionHandler((failure, commandLine, parsed) -> {
            PrintWriter err = commandLine.getErr();
            return switch (failure) {
                case InvalidConfiguration e -> {
                    err.println("feedline: invalid configuration: " + e.getMessage());
                    yield CONFIGURATION_ERROR;
                }
                case FeedlineException.StorageUnavailable e -> {
                    err.println("feedline: storage unavailable: " + e.getMessage());
                    yield STORAGE_ERROR;
                }
                default -> throw failure;
            };
        });
        return cli;
    }

    /** What every command shares: where the configuration file is. */
    static final class ConfigOption {
        @Option(names = {"-c", "--config"}, paramLabel = "FILE",
                description = "A HOCON file over the defaults (else FEEDLINE_CONFIG names one).")
        Path file;

        Environment environment;

        FeedlineConfig load() {
            return FeedlineConfig.load(Optional.ofNullable(file), environment.variables());
        }
    }

    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = {
                "Serves the HTTP API and drains the fan-out outbox in-process (worker.in-process loops).",
                "The default embedded profile needs nothing installed: DynamoDB Local runs in this process,",
                "file-backed under dynamodb.data-dir (./data)."
            },
            footerHeading = "%nConfiguration keys (environment variable, default):%n")
    static final class Serve implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @Override
        public Integer call() throws InterruptedException {
            App app = App.create(config.load());
            try {
                app.start();
            } catch (RuntimeException e) {
                app.close();
                throw e;
            }
            awaitShutdown(app::close);
            return 0;
        }
    }

    @Command(name = "worker", mixinStandardHelpOptions = true,
            description = "Drains the fan-out outbox with worker.loops loops; serves no HTTP. Run as many as the load needs.")
    static final class Worker implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @Override
        public Integer call() throws InterruptedException {
            FanoutProcess process = FanoutProcess.start(config.load());
            awaitShutdown(process::close);
            return 0;
        }
    }

    @Command(name = "init", mixinStandardHelpOptions = true,
            description = "Creates the DynamoDB table and runs the Postgres migrations of the configured engines, then exits.")
    static final class Init implements Callable<Integer> {
        @CommandLine.Mixin
        ConfigOption config;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            StorageSetup.initialize(config.load()).forEach(spec.commandLine().getOut()::println);
            return 0;
        }
    }

    @Command(name = "dynamodb-local", mixinStandardHelpOptions = true,
            description = {
                "Runs DynamoDB Local as a server for other processes: the polyglot profile's serve and worker",
                "processes share it through dynamodb.endpoint (FEEDLINE_DYNAMODB_ENDPOINT). For one machine",
                "and for tests; production uses DynamoDB itself."
            })
    static final class DynamoDbLocal implements Callable<Integer> {
        @Option(names = "--port", defaultValue = "8000", description = "Port to listen on (0: any free port). Default: ${DEFAULT-VALUE}.")
        int port;

        @Option(names = "--host", defaultValue = "127.0.0.1",
                description = "Address to listen on. Default: ${DEFAULT-VALUE} (this machine only; DynamoDB Local has no authentication).")
        String host;

        @CommandLine.ArgGroup(exclusive = true)
        Storage storage;

        static final class Storage {
            @Option(names = "--data-dir", paramLabel = "DIR", description = "Keep the data in one file under DIR (the default: ./dynamodb-local).")
            Path dataDir;

            @Option(names = "--in-memory", description = "Keep nothing on disk: the data is gone when the server stops.")
            boolean inMemory;
        }

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws InterruptedException {
            Optional<Path> dataDir = storage != null && storage.inMemory
                    ? Optional.empty()
                    : Optional.of(storage != null && storage.dataDir != null ? storage.dataDir : Path.of("dynamodb-local"));
            DynamoLocalServer server = DynamoLocalServer.start(host, port, dataDir);
            PrintWriter out = spec.commandLine().getOut();
            out.println("dynamodb-local: listening on " + server.endpoint() + ", " + server.storage());
            out.println("dynamodb-local: give other processes FEEDLINE_DYNAMODB_ENDPOINT=" + server.endpoint());
            out.flush();
            awaitShutdown(server::close);
            return 0;
        }
    }

    /**
     * {@code feedline bench} where the bench module is not on the class path (the production jar):
     * it says where the benchmark is instead of failing as an unknown command.
     */
    @Command(name = BenchElsewhere.NAME,
            description = "The benchmark: not in this build (it is the bench module); prints how to run it.")
    static final class BenchElsewhere implements Callable<Integer> {
        static final String NAME = "bench";
        static final String MESSAGE = """
                feedline bench is not part of this build: the benchmark is the bench module (feedline-bench), \
                which the production jar leaves out. From a checkout, run it with
                  mvn -q -pl bench -am -DskipTests package exec:exec@bench -Dfeedline.args="bench ..."
                or, after that build, with java -jar bench/target/feedline-bench.jar bench ...""";

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        // Whatever was asked of the bench (--help included), the answer is where to find it.
        @CommandLine.Unmatched
        List<String> ignored;

        @Override
        public Integer call() {
            spec.commandLine().getErr().println(MESSAGE);
            return CommandLine.ExitCode.USAGE;
        }
    }

    /** Blocks until the JVM is asked to stop (SIGTERM, Ctrl-C), then closes {@code resource} in the shutdown hook. */
    private static void awaitShutdown(Runnable close) throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("feedline-shutdown").unstarted(() -> {
            try {
                close.run();
            } finally {
                stopped.countDown();
            }
        }));
        stopped.await();
    }

    /** The environment the commands read, injectable so tests need not set real variables. */
    record Environment(Map<String, String> variables) {}

    /** Hands each {@link ConfigOption} the environment. */
    private record Factory(Map<String, String> environment) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> type) throws Exception {
            K made = CommandLine.defaultFactory().create(type);
            if (made instanceof ConfigOption option) {
                option.environment = new Environment(environment);
            }
            return made;
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = FeedlineCli.class.getPackage().getImplementationVersion();
            return new String[] {"feedline " + (version == null ? "development build" : version)};
        }
    }

    static String keyTable() {
        StringBuilder table = new StringBuilder();
        for (FeedlineConfig.Key key : FeedlineConfig.keys()) {
            // Percent signs would be read as format specifiers by picocli's footer rendering.
            table.append(String.format("  %-30s %-40s %s%n", key.name(), key.environmentVariable(), key.defaultValue())
                    .replace("%", "%%"));
        }
        return table.toString();
    }

}
