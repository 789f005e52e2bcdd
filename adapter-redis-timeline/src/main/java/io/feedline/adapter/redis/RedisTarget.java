package io.feedline.adapter.redis;

import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.List;

/**
 * Where Redis is, read from {@code redis.uri}: one server ({@code redis://host:port[/db]},
 * {@code rediss://} for TLS) or a cluster given by seed nodes
 * ({@code redis-cluster://[user:password@]host:port,host:port,...}, {@code rediss-cluster://} for
 * TLS). The seeds only bootstrap the topology; the client learns every node from them.
 */
sealed interface RedisTarget {

    String CLUSTER = "redis-cluster://";
    String TLS_CLUSTER = "rediss-cluster://";

    /** One server. */
    record Standalone(RedisURI uri) implements RedisTarget {}

    /** A Redis Cluster's seed nodes. */
    record Cluster(List<RedisURI> seeds) implements RedisTarget {
        public Cluster {
            seeds = List.copyOf(seeds);
        }
    }

    /**
     * Reads a URI.
     *
     * @throws IllegalArgumentException naming {@code redis.uri} if it is not one of the shapes above
     */
    static RedisTarget parse(String uri) {
        if (uri == null || uri.isBlank()) {
            throw invalid(uri, "it is empty");
        }
        String trimmed = uri.strip();
        if (trimmed.startsWith(CLUSTER) || trimmed.startsWith(TLS_CLUSTER)) {
            return cluster(trimmed);
        }
        if (!trimmed.startsWith("redis://") && !trimmed.startsWith("rediss://")) {
            throw invalid(uri, "use redis://, rediss://, redis-cluster:// or rediss-cluster://");
        }
        return new Standalone(server(uri, trimmed));
    }

    private static Cluster cluster(String uri) {
        boolean tls = uri.startsWith(TLS_CLUSTER);
        String rest = uri.substring(tls ? TLS_CLUSTER.length() : CLUSTER.length());
        int at = rest.lastIndexOf('@');
        String credentials = at < 0 ? "" : rest.substring(0, at + 1);
        String hosts = rest.substring(at + 1);
        List<RedisURI> seeds = new ArrayList<>();
        for (String seed : hosts.split(",", -1)) {
            String hostPort = seed.strip();
            if (hostPort.isEmpty()) {
                throw invalid(uri, "a cluster needs host:port seeds separated by commas, one is empty");
            }
            if (hostPort.contains("/") || hostPort.contains("?")) {
                throw invalid(uri, "a cluster seed is host:port only (a cluster has no databases), got '" + hostPort + "'");
            }
            seeds.add(server(uri, (tls ? "rediss://" : "redis://") + credentials + hostPort));
        }
        return new Cluster(seeds);
    }

    private static RedisURI server(String original, String uri) {
        RedisURI parsed;
        try {
            parsed = RedisURI.create(uri);
        } catch (RuntimeException e) {
            throw invalid(original, e.getMessage());
        }
        if (parsed.getHost() == null || parsed.getHost().isBlank()) {
            throw invalid(original, "no host");
        }
        if (parsed.getHost().contains(":") && !uri.contains("[")) {
            // Lettuce reads "host:port" with a port that is not a number as a host name.
            throw invalid(original, "the port of '" + parsed.getHost() + "' is not a number");
        }
        return parsed;
    }

    private static IllegalArgumentException invalid(String uri, String why) {
        String shown = uri == null ? "null" : uri.replaceAll("//[^@/]*@", "//***@");
        return new IllegalArgumentException("redis.uri '" + shown + "' is not a Redis URI: " + why);
    }
}
