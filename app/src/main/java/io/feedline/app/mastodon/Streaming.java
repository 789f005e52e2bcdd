package io.feedline.app.mastodon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.LiveEvent;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.feedline.ports.in.WatchLive;
import io.javalin.http.Context;
import io.javalin.websocket.WsCloseStatus;
import io.javalin.websocket.WsConfig;
import io.javalin.websocket.WsContext;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Mastodon's streaming API over the core's live events: a WebSocket at {@code /api/v1/streaming}
 * (the stream named in its query, more subscribed and unsubscribed by messages, each event sent as
 * {@code {"stream": [...], "event": ..., "payload": ...}}) and server-sent events at
 * {@code /api/v1/streaming/<stream>}. The streams are {@code user} (the home feed's new posts and
 * the caller's notifications), {@code user:notification}, {@code public} and {@code public:local}
 * (every public post; this server has no remote ones), and {@code hashtag} and
 * {@code hashtag:local} with a {@code tag}.
 *
 * <p>Each live event is worked out once per reader (what it adds to their home feed, what the
 * public streams show them) on virtual threads, and the rendered event is queued on each of their
 * connections ({@link StreamConnection}, bounded: a client that cannot keep up is disconnected).
 * Events are handled one after another, so a client sees them in the order they happened here.
 */
final class Streaming implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Streaming.class);
    static final Duration HEARTBEAT = Duration.ofSeconds(15);
    /** How many recent home updates a connection remembers to send each post once. */
    private static final int RECENT_HOME = 256;
    private static final Set<String> STREAMS = Set.of("user", "user:notification", "public", "public:local",
            "hashtag", "hashtag:local");

    /** The per-connection send queue and the most connections this process holds (checked by {@link MastodonApi.Settings}). */
    record Settings(int queue, int maxConnections) {}

    /** One subscription of a client: Mastodon's stream name and, for a hashtag stream, its tag. */
    record Channel(String name, Optional<Tag> tag) {
        /** The {@code stream} field of its events: {@code ["hashtag", "jazz"]}, {@code ["user"]}. */
        List<String> field() {
            return tag.map(t -> List.of(name, t.value())).orElseGet(() -> List.of(name));
        }

        boolean home() {
            return name.equals("user");
        }

        boolean notifications() {
            return name.startsWith("user");
        }

        boolean everyPost() {
            return name.startsWith("public");
        }
    }

    /** A connected client: who it is (if signed in), what its token lets it read, and what it subscribed to. */
    private static final class Client {
        final StreamConnection connection;
        final Optional<MastodonTokens.Grant> grant;
        final Optional<UserId> user;
        final Set<String> scopes;
        final String base;
        final Set<Channel> channels = ConcurrentHashMap.newKeySet();
        /** The newest posts sent as home updates: one that reaches the feed two ways is sent once. */
        private final Map<String, Boolean> recentHome = java.util.Collections.synchronizedMap(
                new java.util.LinkedHashMap<>(16, 0.75f, false) {
                    @Override
                    protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                        return size() > RECENT_HOME;
                    }
                });

        Client(StreamConnection connection, Optional<MastodonTokens.Grant> grant, String base) {
            this.connection = connection;
            this.grant = grant;
            this.user = grant.flatMap(MastodonTokens.Grant::user);
            this.scopes = grant.map(MastodonTokens.Grant::scopes).orElse(Set.of());
            this.base = base;
        }

        /** Whether this home update (a post, or a post through a repost) is new to this client. */
        boolean firstHomeUpdate(Post post) {
            String key = post.id().value() + post.repostedBy().map(by -> "<" + by.repostId().value()).orElse("");
            return recentHome.put(key, Boolean.TRUE) == null;
        }

        /** Queues the event once for each of this client's subscriptions that {@code to} accepts. */
        void send(java.util.function.Predicate<Channel> to, String event, String payload) {
            for (Channel channel : channels) {
                if (to.test(channel)) {
                    connection.offer(new StreamConnection.Message(channel.field(), event, payload));
                }
            }
        }

        boolean subscribed(java.util.function.Predicate<Channel> kind) {
            return channels.stream().anyMatch(kind);
        }
    }

    private final WatchLive watchLive;
    private final Requests requests;
    private final MastodonTokens tokens;
    private final ObjectMapper mapper;
    private final NotificationsResource notifications;
    private final Settings settings;
    private final Set<Client> clients = ConcurrentHashMap.newKeySet();
    private final Map<String, Client> bySession = new ConcurrentHashMap<>();
    private final LongAdder slowDropped = new LongAdder();
    private final ExecutorService work = Executors.newVirtualThreadPerTaskExecutor();
    private final WatchLive.Subscription subscription;

    Streaming(WatchLive watchLive, Requests requests, MastodonTokens tokens, ObjectMapper mapper,
            NotificationsResource notifications, Settings settings) {
        this.watchLive = watchLive;
        this.requests = requests;
        this.tokens = tokens;
        this.mapper = mapper;
        this.notifications = notifications;
        this.settings = settings;
        this.subscription = watchLive.subscribe(this::onEvent);
    }

    /** Connections open now. */
    int connections() {
        return clients.size();
    }

    /** Connections dropped so far because their client did not keep up. */
    long slowClientsDropped() {
        return slowDropped.sum();
    }

    // ---- transports ------------------------------------------------------------------------

    /** {@code GET /api/v1/streaming/health}: Mastodon's streaming server answers a plain OK. */
    void health(Context ctx) {
        ctx.contentType("text/plain").result("OK");
    }

    /**
     * Before the WebSocket upgrade: the gate every route passes (one request of the caller's rate
     * limit; a bad token is refused here, 401, as Mastodon refuses it).
     */
    void beforeUpgrade(Context ctx) {
        requests.gate(ctx);
        StreamTransport.of(ctx.req());
    }

    void webSocket(WsConfig ws) {
        ws.onConnect(ctx -> {
            ctx.session.setIdleTimeout(Duration.ZERO);
            Optional<MastodonTokens.Grant> grant;
            try {
                grant = Requests.token(ctx::header, ctx::queryParam).map(tokens::verify);
            } catch (MastodonError refused) {
                ctx.send(error(refused.getMessage(), 401));
                ctx.closeSession(WsCloseStatus.POLICY_VIOLATION, "invalid token");
                return;
            }
            String host = Optional.ofNullable(ctx.header("Host")).orElse(ctx.host());
            Optional<Client> client = connect(StreamSinks.webSocket(ctx, mapper), grant, "http://" + host);
            if (client.isEmpty()) {
                ctx.send(error("too many streaming connections", 503));
                ctx.closeSession(WsCloseStatus.TRY_AGAIN_LATER, "too many streaming connections");
                return;
            }
            bySession.put(ctx.sessionId(), client.get());
            String stream = ctx.queryParam("stream");
            if (stream != null && !stream.isBlank()) {
                subscribeOrTell(client.get(), stream, ctx.queryParam("tag"), ctx);
            }
        });
        ws.onMessage(ctx -> {
            Client client = bySession.get(ctx.sessionId());
            if (client == null) {
                return;
            }
            JsonNode message;
            try {
                message = mapper.readTree(ctx.message());
            } catch (JsonProcessingException e) {
                ctx.send(error("Could not parse the message as JSON", 400));
                return;
            }
            String type = message.path("type").asText("");
            String stream = message.path("stream").asText("");
            String tag = message.hasNonNull("tag") ? message.get("tag").asText() : null;
            switch (type) {
                case "subscribe" -> subscribeOrTell(client, stream, tag, ctx);
                case "unsubscribe" -> {
                    try {
                        client.channels.remove(channel(stream, tag));
                    } catch (MastodonError e) {
                        ctx.send(error(e.getMessage(), e.status()));
                    }
                }
                default -> ctx.send(error("Unknown message type: " + type, 400));
            }
        });
        ws.onClose(ctx -> disconnect(ctx.sessionId()));
        ws.onError(ctx -> disconnect(ctx.sessionId()));
    }

    private void subscribeOrTell(Client client, String stream, String tag, WsContext ctx) {
        try {
            subscribe(client, stream, tag);
        } catch (MastodonError e) {
            ctx.send(error(e.getMessage(), e.status()));
        }
    }

    private void disconnect(String sessionId) {
        Client client = bySession.remove(sessionId);
        if (client != null) {
            client.connection.close("the client closed the stream");
        }
    }

    /**
     * A server-sent-events endpoint for one stream. The route's scope was checked by the gate; the
     * stream and tag are checked before the response starts, so a bad one is a plain 400. The
     * request's virtual thread then holds the response open until the stream ends (any client may
     * connect: no {@code Accept: text/event-stream} is required, as Mastodon requires none).
     */
    void serverSentEvents(Context ctx, String stream) throws InterruptedException, IOException {
        Channel channel = channel(stream, ctx.queryParam("tag"));
        Optional<MastodonTokens.Grant> grant = requests.optionalGrant(ctx);
        allowed(grant, channel);
        if (clients.size() >= settings.maxConnections()) {
            throw MastodonError.of(503, "too many streaming connections");
        }
        HttpServletResponse response = ctx.res();
        response.setStatus(200);
        response.setCharacterEncoding("UTF-8");
        response.setContentType("text/event-stream");
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Accel-Buffering", "no");
        StreamTransport transport = StreamTransport.of(ctx.req());
        OutputStream out = response.getOutputStream();
        out.write(":)\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
        CountDownLatch ended = new CountDownLatch(1);
        Optional<Client> client = connect(StreamSinks.serverSentEvents(out, transport, ended), grant, ctx.scheme() + "://" + ctx.host());
        if (client.isEmpty()) {
            return;
        }
        client.get().channels.add(channel);
        ended.await();
    }

    private Optional<Client> connect(StreamConnection.Sink sink, Optional<MastodonTokens.Grant> grant, String base) {
        if (clients.size() >= settings.maxConnections()) {
            return Optional.empty();
        }
        Client[] made = new Client[1];
        StreamConnection connection = new StreamConnection(sink, settings.queue(), HEARTBEAT,
                closed -> clients.remove(made[0]), dropped -> slowDropped.increment());
        made[0] = new Client(connection, grant, base);
        clients.add(made[0]);
        connection.start();
        return Optional.of(made[0]);
    }

    private void subscribe(Client client, String stream, String tag) {
        Channel channel = channel(stream, tag);
        allowed(client.grant, channel);
        client.channels.add(channel);
    }

    /** @throws MastodonError 400 for an unknown stream or a hashtag stream without a valid tag */
    private static Channel channel(String stream, String tag) {
        if (!STREAMS.contains(stream)) {
            throw MastodonError.of(400, "Unknown stream type");
        }
        if (!stream.startsWith("hashtag")) {
            return new Channel(stream, Optional.empty());
        }
        if (tag == null || tag.isBlank()) {
            throw MastodonError.of(400, "No tag for stream provided");
        }
        try {
            return new Channel(stream, Optional.of(Tag.of(tag.strip())));
        } catch (IllegalArgumentException e) {
            throw MastodonError.of(400, "The tag is not a hashtag");
        }
    }

    /** @throws MastodonError 401 or 403 when the client's token does not allow the stream */
    private static void allowed(Optional<MastodonTokens.Grant> grant, Channel channel) {
        if (!channel.notifications()) {
            return;
        }
        if (grant.flatMap(MastodonTokens.Grant::user).isEmpty()) {
            throw MastodonError.of(401, "Missing access token");
        }
        Scope needed = channel.home() ? Scope.READ_STATUSES : Scope.READ_NOTIFICATIONS;
        if (!needed.grantedBy(grant.get().scopes())) {
            throw MastodonError.of(403, "Access token does not have the required scopes");
        }
    }

    private String error(String message, int status) {
        return json(Map.of("error", message, "status", status));
    }

    // ---- events -----------------------------------------------------------------------------

    /** Works one live event out for every client it concerns, then returns (events go one at a time). */
    private void onEvent(LiveEvent event) {
        List<Client> now = List.copyOf(clients);
        if (now.isEmpty()) {
            return;
        }
        Map<String, String> rendered = new ConcurrentHashMap<>();
        List<Callable<Void>> tasks = new ArrayList<>();
        switch (event) {
            case LiveEvent.Delivered delivered -> {
                Set<UserId> readers = delivered.deliveries().stream().map(Delivery::reader).collect(Collectors.toSet());
                byUser(now, client -> client.user.filter(readers::contains).isPresent() && client.subscribed(Channel::home))
                        .forEach((reader, theirs) -> tasks.add(() -> home(reader, theirs, event, rendered)));
            }
            case LiveEvent.Published published -> {
                byUser(now, client -> client.user.isPresent() && client.subscribed(Channel::home))
                        .forEach((reader, theirs) -> tasks.add(() -> home(reader, theirs, event, rendered)));
                Map<Optional<UserId>, List<Client>> watching = now.stream()
                        .filter(client -> client.subscribed(channel -> channel.everyPost()
                                || channel.tag().filter(published.tags()::contains).isPresent()))
                        .collect(Collectors.groupingBy(client -> client.user));
                watching.forEach((viewer, theirs) -> tasks.add(() -> published(viewer, theirs, published, rendered)));
            }
            case LiveEvent.Deleted deleted -> {
                now.forEach(client -> client.send(channel -> true, "delete", deleted.post().postId().value()));
            }
            case LiveEvent.Notified notified -> byUser(now, client -> client.user.filter(notified.recipient()::equals).isPresent()
                    && client.subscribed(Channel::notifications) && Scope.READ_NOTIFICATIONS.grantedBy(client.scopes))
                    .forEach((recipient, theirs) -> tasks.add(() -> notification(notified, theirs)));
        }
        if (tasks.isEmpty()) {
            return;
        }
        try {
            for (var done : work.invokeAll(tasks)) {
                try {
                    done.get();
                } catch (ExecutionException e) {
                    LOG.warn("a live event could not be worked out for some streams: {}", event, e.getCause());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<UserId, List<Client>> byUser(List<Client> clients, java.util.function.Predicate<Client> which) {
        return clients.stream().filter(which).collect(Collectors.groupingBy(client -> client.user.orElseThrow()));
    }

    private Void home(UserId reader, List<Client> theirs, LiveEvent event, Map<String, String> rendered) {
        for (Post post : watchLive.home(reader, event)) {
            for (Client client : theirs) {
                if (!client.firstHomeUpdate(post)) {
                    continue;
                }
                client.send(Channel::home, "update", status(client.base, post, rendered));
            }
        }
        return null;
    }

    private Void published(Optional<UserId> viewer, List<Client> theirs, LiveEvent.Published event,
            Map<String, String> rendered) {
        Optional<Post> shown = watchLive.published(viewer, event);
        if (shown.isEmpty()) {
            return null;
        }
        for (Client client : theirs) {
            client.send(channel -> channel.everyPost() || channel.tag().filter(event.tags()::contains).isPresent(),
                    "update", status(client.base, shown.get(), rendered));
        }
        return null;
    }

    private Void notification(LiveEvent.Notified event, List<Client> theirs) {
        Map<String, Optional<String>> byBase = new ConcurrentHashMap<>();
        for (Client client : theirs) {
            Optional<String> payload = byBase.computeIfAbsent(client.base, base -> notifications
                    .find(event.recipient(), event.notificationId(), requests.render(base))
                    .map(this::json));
            payload.ifPresent(json -> client.send(Channel::notifications, "notification", json));
        }
        return null;
    }

    /** The status as JSON, rendered once per event for every client on the same base URL. */
    private String status(String base, Post post, Map<String, String> rendered) {
        String key = base + " " + post.id().value() + " " + post.repostedBy().map(by -> by.repostId().value()).orElse("");
        return rendered.computeIfAbsent(key, ignored -> json(requests.render(base).status(post)));
    }

    private String json(Object entity) {
        try {
            return mapper.writeValueAsString(entity);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an entity could not be written as JSON", e);
        }
    }

    @Override
    public void close() {
        subscription.close();
        List.copyOf(clients).forEach(client -> client.connection.close("the server is shutting down"));
        work.shutdownNow();
    }
}
