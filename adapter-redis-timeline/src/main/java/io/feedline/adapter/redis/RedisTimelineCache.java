package io.feedline.adapter.redis;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.TimelineCache;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.function.Supplier;

/**
 * Hot windows as capped sorted sets (see {@link TimelineKeys} for the layout). Every call is one
 * round trip (two, once, after the server lost its scripts); every Lettuce failure becomes
 * {@link FeedlineException.StorageUnavailable}.
 *
 * <p>On a single server a whole window's first page is also kept in this process ({@link NearCache}
 * of {@link WindowCopy}): windows are read over the link's tracked-reads connection, for which Redis
 * remembers the key and pushes an invalidation when any process changes it. A hot first page is
 * answered from the copy after a {@link InvalidationBarrier}, one {@code PING} shared by every page that
 * arrives while it is in flight, so it is as fresh as a read of Redis and costs Redis no window
 * command. This process's own writes drop their windows' copies before and after they are sent,
 * since their invalidations arrive on the other connection.
 */
final class RedisTimelineCache implements TimelineCache {

    static final String COMPONENT = "timelines";

    /** A rebuild that never completes (its process died mid-way) leaves its token this long at most. */
    private static final long REBUILD_TIMEOUT = Duration.ofMinutes(1).toMillis();

    /**
     * Windows per call of the add script on a single server: a fan-out page's worth, so that one
     * call holds the server for a fraction of a millisecond.
     */
    static final int ADD_WINDOWS_PER_SCRIPT = 100;

    /** How often a command the cluster answered TRYAGAIN (its slot mid-move) is sent again. */
    private static final int TRY_AGAIN_ATTEMPTS = 10;

    private final RedisLink link;
    private final TimelineKeys keys;
    private final int cap;
    private final Duration commandTimeout;
    private final Duration ttl;
    private final NearCache<String, WindowCopy> copies;
    private final InvalidationBarrier barrier;

    RedisTimelineCache(RedisLink link, TimelineKeys keys, int cap, Duration commandTimeout, Duration ttl,
            NearCache<String, WindowCopy> copies, InvalidationBarrier barrier) {
        if (cap < 1) {
            throw new IllegalArgumentException("cap must be at least 1, got " + cap);
        }
        this.link = Objects.requireNonNull(link, "link");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.cap = cap;
        this.commandTimeout = Objects.requireNonNull(commandTimeout, "commandTimeout");
        this.ttl = Objects.requireNonNull(ttl, "ttl");
        this.copies = Objects.requireNonNull(copies, "copies");
        this.barrier = Objects.requireNonNull(barrier, "barrier");
    }

    /**
     * Adds each reader's entries, trims the window to the cap and refreshes its expiry, for every
     * reader, in one flush: a fan-out page is a single round trip however many readers it touches.
     * On a single server each {@value #ADD_WINDOWS_PER_SCRIPT} windows are one call of the
     * {@link TimelineScript#ADD} script (the client encodes and the server parses one command, not
     * three per window); on a cluster, whose windows lie in many slots, each window's ZADD, trim and
     * PEXPIRE are pipelined. The shared connection stays usable by other threads meanwhile, since
     * the batch goes through {@code dispatch} rather than by switching the connection's auto-flush
     * off. A reader without a whole window gets a part (the same key, without the
     * {@link TimelineKeys#WHOLE} marker), which reads as missing until a rebuild merges it.
     */
    @Override
    public void add(Collection<Delivery> deliveries) {
        if (deliveries.isEmpty()) {
            return;
        }
        // Keyed by the window's key, built once for the commands and the copies alike.
        Map<String, List<PostRef>> byWindow = new LinkedHashMap<>();
        for (Delivery delivery : deliveries) {
            byWindow.computeIfAbsent(keys.window(delivery.reader()), window -> new ArrayList<>()).add(delivery.entry());
        }
        writing(byWindow.keySet(), () -> call("add", () -> {
            RedisLink.Open open = link.current();
            if (open.standalone().isEmpty()) {
                send(open, pipelined(byWindow), deliveries.size());
                return null;
            }
            try {
                send(open, scripted(byWindow, CommandType.EVALSHA, TimelineScript.ADD.sha()), deliveries.size());
            } catch (RedisNoScriptException e) {
                // The server lost its script cache: EVAL caches the body again (adds are idempotent).
                send(open, scripted(byWindow, CommandType.EVAL, TimelineScript.ADD.body()), deliveries.size());
            }
            return null;
        }));
    }

    /** Calls of the add script, each over at most {@value #ADD_WINDOWS_PER_SCRIPT} windows. */
    private List<AsyncCommand<String, String, Long>> scripted(Map<String, List<PostRef>> byWindow, CommandType type,
            String script) {
        List<AsyncCommand<String, String, Long>> calls = new ArrayList<>();
        List<Map.Entry<String, List<PostRef>>> readers = List.copyOf(byWindow.entrySet());
        for (int from = 0; from < readers.size(); from += ADD_WINDOWS_PER_SCRIPT) {
            List<Map.Entry<String, List<PostRef>>> slice =
                    readers.subList(from, Math.min(readers.size(), from + ADD_WINDOWS_PER_SCRIPT));
            CommandArgs<String, String> args = new CommandArgs<>(StringCodec.UTF8).add(script).add(slice.size());
            slice.forEach(reader -> args.addKey(reader.getKey()));
            args.add(cap).add(ttl.toMillis());
            for (Map.Entry<String, List<PostRef>> reader : slice) {
                args.add(reader.getValue().size());
                for (PostRef entry : reader.getValue()) {
                    args.add(TimelineKeys.score(entry.postId())).addValue(TimelineKeys.member(entry));
                }
            }
            calls.add(integerCommand(type, args));
        }
        return calls;
    }

    /** Each window's ZADD (all of its entries), trim and expiry refresh, as separate commands. */
    private List<AsyncCommand<String, String, Long>> pipelined(Map<String, List<PostRef>> byWindow) {
        List<AsyncCommand<String, String, Long>> batch = new ArrayList<>(3 * byWindow.size());
        byWindow.forEach((window, entries) -> {
            CommandArgs<String, String> zadd = new CommandArgs<>(StringCodec.UTF8).addKey(window);
            for (PostRef entry : entries) {
                zadd.add(TimelineKeys.score(entry.postId())).addValue(TimelineKeys.member(entry));
            }
            batch.add(integerCommand(CommandType.ZADD, zadd));
            batch.add(integerCommand(CommandType.ZREMRANGEBYRANK, trimArgs(window)));
            batch.add(integerCommand(CommandType.PEXPIRE,
                    new CommandArgs<>(StringCodec.UTF8).addKey(window).add(ttl.toMillis())));
        });
        return batch;
    }

    /** Writes the commands in one flush and waits for all of them; a command's failure is thrown. */
    private void send(RedisLink.Open open, List<AsyncCommand<String, String, Long>> batch, int entries) {
        open.connection().dispatch(batch);
        if (!LettuceFutures.awaitAll(commandTimeout, batch.toArray(AsyncCommand[]::new))) {
            throw new FeedlineException.StorageUnavailable(COMPONENT,
                    "add of " + entries + " entries timed out after " + commandTimeout, null);
        }
    }

    @Override
    public Optional<List<PostRef>> range(UserId reader, Optional<PostId> before, int limit) {
        Objects.requireNonNull(before, "before");
        if (limit < 0) {
            throw new FeedlineException.InvalidInput("limit", "limit must not be negative");
        }
        if (before.isEmpty() && copies.enabled()) {
            return firstPage(reader, limit);
        }
        String maxScore = before.map(id -> Long.toString(TimelineKeys.score(id))).orElse("(+inf");
        return page(trackedRange(keys.window(reader), maxScore, limit), before, limit);
    }

    /**
     * A first page from this process's copy of the window, once every invalidation pushed before
     * this call has been applied ({@link InvalidationBarrier}: a shared round trip, no command of the
     * window's), when the copy holds the answer; else read from Redis and kept, if the window is
     * whole and no invalidation of it arrived while the read was in flight.
     */
    private Optional<List<PostRef>> firstPage(UserId reader, int limit) {
        String window = keys.window(reader);
        if (hasCopy(window, limit)) {
            call("range", () -> {
                link.current().trackedReads().ifPresent(connection -> barrier.await(connection, commandTimeout));
                return null;
            });
            WindowCopy copy = copies.get(window);
            if (copy != null && copy.answers(limit)) {
                return Optional.of(copy.first(limit));
            }
        }
        copies.ensureTracking(link);
        List<String> key = List.of(window);
        long[] stamps = copies.stamps(key);
        Optional<List<PostRef>> page = page(trackedRange(window, "(+inf", limit), Optional.empty(), limit);
        page.ifPresent(entries -> copies.install(key, List.of(new WindowCopy(entries, limit)), stamps));
        return page;
    }

    private boolean hasCopy(String window, int limit) {
        WindowCopy copy = copies.get(window);
        return copy != null && copy.answers(limit);
    }

    /**
     * The {@link TimelineScript#RANGE} script over the tracked-reads connection where there is one:
     * Redis then remembers the window for this process, and the reply comes after every invalidation
     * pushed before it, so the near caches are fresh for the rest of the page.
     */
    private List<Object> trackedRange(String window, String maxScore, int limit) {
        return call("range", () -> eval(link.current().readsCommands(), TimelineScript.RANGE, ScriptOutputType.MULTI,
                new String[] {window}, maxScore, Integer.toString(limit)));
    }

    /** The entries of a reply of the {@link TimelineScript#RANGE} script; empty when the window is not whole. */
    private static Optional<List<PostRef>> page(List<Object> reply, Optional<PostId> before, int limit) {
        if (((Long) reply.getFirst()) == 0L) {
            return Optional.empty();
        }
        String boundary = before.map(PostId::value).orElse(null);
        List<PostRef> page = new ArrayList<>(Math.min(limit, reply.size()));
        for (Object member : reply.subList(1, reply.size())) {
            if (page.size() == limit) {
                break;
            }
            String value = (String) member;
            // Entries of the boundary's own millisecond came along: keep only those strictly older.
            if (boundary == null || TimelineKeys.postIdOf(value).compareTo(boundary) < 0) {
                page.add(TimelineKeys.entry(value));
            }
        }
        return Optional.of(List.copyOf(page));
    }

    @Override
    public void remove(UserId reader, PostId post) {
        writeScript("remove", reader, TimelineScript.REMOVE_POST, Long.toString(TimelineKeys.score(post)),
                TimelineKeys.memberPrefix(post));
    }

    @Override
    public void removeAuthor(UserId reader, UserId author) {
        writeScript("removeAuthor", reader, TimelineScript.REMOVE_AUTHOR, TimelineKeys.memberSuffix(author));
    }

    @Override
    public void replace(UserId reader, List<PostRef> entries) {
        writeScript("replace", reader, TimelineScript.REPLACE,
                windowArgs(entries, "", Integer.toString(cap), Long.toString(ttl.toMillis())));
    }

    @Override
    public void evict(UserId reader) {
        writing(List.of(keys.window(reader)), () -> call("evict", () -> link.current().commands().del(windowKeys(reader))));
    }

    @Override
    public String beginRebuild(UserId reader) {
        String token = UUID.randomUUID().toString();
        call("beginRebuild", () -> link.current().commands().set(keys.rebuild(reader), token,
                SetArgs.Builder.px(REBUILD_TIMEOUT)));
        return token;
    }

    @Override
    public boolean completeRebuild(UserId reader, List<PostRef> entries, String token) {
        Long wrote = writeScript("completeRebuild", reader, TimelineScript.COMPLETE_REBUILD,
                windowArgs(entries, token, Integer.toString(cap), Long.toString(ttl.toMillis())));
        return wrote == 1L;
    }

    /** Runs a script that writes the reader's window (and its rebuild token), as {@link #writing} says. */
    private Long writeScript(String operation, UserId reader, TimelineScript script, String... args) {
        return writing(List.of(keys.window(reader)), () -> call(operation,
                () -> eval(link.current().commands(), script, ScriptOutputType.INTEGER, windowKeys(reader), args)));
    }

    /**
     * A write of these windows, with this process's copies of them dropped before it is sent and
     * again once it has answered: Redis pushes the invalidation of this connection's write to the
     * tracked-reads connection, in its own time, and no read here in between may be answered from
     * the old copy (nor install a reply read before the write).
     */
    private <T> T writing(Collection<String> windows, Supplier<T> write) {
        if (!copies.enabled()) {
            return write.get();
        }
        copies.invalidate(windows);
        try {
            return write.get();
        } finally {
            copies.invalidate(windows);
        }
    }

    /** The leading arguments, then a score and a member for each of the newest {@code cap} entries. */
    private String[] windowArgs(List<PostRef> entries, String... leading) {
        // Only the newest cap entries can survive the trim: do not ship the rest.
        List<PostRef> kept = entries.stream().distinct().sorted().limit(cap).toList();
        String[] args = Arrays.copyOf(leading, leading.length + 2 * kept.size());
        int i = leading.length;
        for (PostRef entry : kept) {
            args[i++] = Long.toString(TimelineKeys.score(entry.postId()));
            args[i++] = TimelineKeys.member(entry);
        }
        return args;
    }

    /** The reader's window and its rebuild token: one hash slot. */
    private String[] windowKeys(UserId reader) {
        return new String[] {keys.window(reader), keys.rebuild(reader)};
    }

    private CommandArgs<String, String> trimArgs(String window) {
        // Ranks count from the oldest: drop all but the newest cap and the marker of a whole window,
        // which is at +inf (a part keeps one entry more than the cap, which its rebuild trims).
        return new CommandArgs<>(StringCodec.UTF8).addKey(window).add(0).add(-(cap + 2L));
    }

    private static AsyncCommand<String, String, Long> integerCommand(CommandType type,
            CommandArgs<String, String> args) {
        return new AsyncCommand<>(new Command<>(type, new IntegerOutput<>(StringCodec.UTF8), args));
    }

    private static <T> T eval(RedisClusterCommands<String, String> redis, TimelineScript script, ScriptOutputType output,
            String[] scriptKeys, String... args) {
        try {
            return redis.evalsha(script.sha(), output, scriptKeys, args);
        } catch (RedisNoScriptException e) {
            // The server lost its script cache (a restart, a failover, a node new to the cluster):
            // EVAL caches the body again.
            return redis.eval(script.body(), output, scriptKeys, args);
        }
    }

    /**
     * Runs a call, turning every Lettuce failure into {@link FeedlineException.StorageUnavailable}.
     * While a cluster moves a slot, a command on several keys of it (a window and its rebuild token)
     * is answered TRYAGAIN when the source holds only some of them: it is sent again after a short
     * pause, a bounded number of times, since the move takes moments.
     */
    private static <T> T call(String operation, Supplier<T> body) {
        for (int attempt = 1; ; attempt++) {
            try {
                return body.get();
            } catch (RedisCommandExecutionException e) {
                if (attempt >= TRY_AGAIN_ATTEMPTS || e.getMessage() == null || !e.getMessage().startsWith("TRYAGAIN")) {
                    throw unavailable(operation, e);
                }
                pause(10L * attempt);
            } catch (RedisException | CancellationException e) {
                throw unavailable(operation, e);
            }
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FeedlineException.StorageUnavailable(COMPONENT, "interrupted while a slot moved", e);
        }
    }

    static FeedlineException.StorageUnavailable unavailable(String operation, Throwable cause) {
        String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new FeedlineException.StorageUnavailable(COMPONENT, operation + " failed: " + reason, cause);
    }
}
