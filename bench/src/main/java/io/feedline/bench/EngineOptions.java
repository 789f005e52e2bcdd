package io.feedline.bench;

import io.feedline.app.bootstrap.FeedlineConfig;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The options every bench command shares: which profile, and where its engines are. */
final class EngineOptions {
    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    @Option(names = "--profile", paramLabel = "PROFILE", defaultValue = "embedded",
            description = "embedded (everything on DynamoDB Local) or polyglot (users on Postgres, timelines on Redis). Default: ${DEFAULT-VALUE}.")
    String profile;

    @Option(names = {"-c", "--config"}, paramLabel = "FILE",
            description = "A HOCON file over the defaults, as for serve (engines, fanout.*, worker.* and timelines.cap are read from it).")
    Path config;

    @Option(names = "--dynamodb-endpoint", paramLabel = "URL", description = "polyglot: a DynamoDB Local to use instead of one in this process.")
    String dynamoEndpoint;

    @Option(names = "--redis-uri", paramLabel = "URI", description = "polyglot: the Redis for the timelines (else redis.uri).")
    String redisUri;

    @Option(names = "--postgres-url", paramLabel = "JDBC_URL", description = "polyglot: the Postgres for the users (else postgres.url).")
    String postgresUrl;

    @Option(names = "--postgres-user", paramLabel = "USER", description = "polyglot: its user (else postgres.user).")
    String postgresUser;

    /** The chosen profile; an unknown name is a usage error that lists the valid ones. */
    FeedlineConfig.Profile profile() {
        for (FeedlineConfig.Profile p : FeedlineConfig.Profile.values()) {
            if (p.name().equalsIgnoreCase(profile.strip())) {
                return p;
            }
        }
        throw new CommandLine.ParameterException(mixee.commandLine(),
                "unknown --profile '" + profile + "'; valid: embedded, polyglot");
    }

    BenchLayout.Engines engines() {
        return new BenchLayout.Engines(Optional.ofNullable(config), Optional.ofNullable(dynamoEndpoint),
                Optional.ofNullable(redisUri), Optional.ofNullable(postgresUrl), Optional.ofNullable(postgresUser));
    }
}
