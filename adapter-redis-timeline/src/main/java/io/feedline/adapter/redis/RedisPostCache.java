package io.feedline.adapter.redis;

import io.feedline.ports.model.Focus;
import io.feedline.ports.model.MediaAttachment;
import io.feedline.ports.model.MediaDescription;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.MediaKind;
import io.feedline.ports.model.MediaMeta;
import io.feedline.ports.model.CachedPost;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Post;
import io.feedline.ports.model.PostId;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.PostText;
import io.feedline.ports.model.Article;
import io.feedline.ports.model.ArticleStatus;
import io.feedline.ports.model.ArticleTitle;
import io.feedline.ports.model.Slug;
import io.feedline.ports.model.Tag;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.PostCache;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.IntegerOutput;
import io.lettuce.core.output.ValueListOutput;
import io.lettuce.core.protocol.AsyncCommand;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Cached posts on Redis, one hash per post ({@code <prefix>p:<postId>}: author {@code a}, username
 * {@code u}, text {@code t}, creation millis {@code c}, like count {@code l}, repost count {@code r},
 * and for a repost entry its original's id {@code o} and author {@code oa}, for a reply its
 * parent's id {@code p} and author {@code pa}, reply count {@code rc}, mentions {@code m} (each
 * {@code <user id> <username>}, one a line), tags {@code g} (space-separated), and for an article
 * its title {@code ti}, slug {@code s} and status {@code st}, and its attachments {@code md} (one a
 * line, {@link #encodeMedia}); a tombstone is the
 * field {@code x} alone), each expiring {@code ttl} after it was written, with a {@link NearCache}
 * in front. A batch of reads or writes is sent as one flush: one round trip. Every Lettuce failure
 * becomes {@link FeedlineException.StorageUnavailable}.
 */
final class RedisPostCache implements PostCache {
    static final String COMPONENT = "posts-cache";
    private static final String[] FIELDS = {"a", "u", "t", "c", "l", "x", "r", "o", "oa", "p", "pa", "rc", "m", "g", "ti", "s", "st", "md"};

    private final RedisLink link;
    private final TimelineKeys keys;
    private final Duration ttl;
    private final Duration commandTimeout;
    private final NearCache<PostId, CachedPost> near;

    RedisPostCache(RedisLink link, TimelineKeys keys, Duration ttl, Duration commandTimeout, NearCache<PostId, CachedPost> near) {
        this.link = link;
        this.keys = keys;
        this.ttl = ttl;
        this.commandTimeout = commandTimeout;
        this.near = near;
    }

    @Override
    public Map<PostId, CachedPost> getAll(Collection<PostId> ids) {
        Map<PostId, CachedPost> found = HashMap.newHashMap(ids.size());
        // Asked of Redis once each: a page may list a post twice (a repost's original). No set of the
        // ids is built for a page the near cache answers whole.
        Set<PostId> remote = null;
        for (PostId id : ids) {
            CachedPost copy = near.enabled() ? near.get(id) : null;
            if (copy != null) {
                found.put(id, copy);
            } else {
                if (remote == null) {
                    remote = LinkedHashSet.newLinkedHashSet(ids.size());
                }
                remote.add(id);
            }
        }
        if (remote != null) {
            found.putAll(readRemote(new ArrayList<>(remote)));
        }
        return found;
    }

    @Override
    public Optional<CachedPost> get(PostId id) {
        return Optional.ofNullable(readRemote(List.of(id)).get(id));
    }

    private Map<PostId, CachedPost> readRemote(List<PostId> ids) {
        near.ensureTracking(link);
        List<String> postKeys = ids.stream().map(keys::post).toList();
        long[] stamps = near.stamps(ids);
        List<AsyncCommand<String, String, List<String>>> batch = new ArrayList<>(ids.size());
        for (String key : postKeys) {
            CommandArgs<String, String> args = new CommandArgs<>(StringCodec.UTF8).addKey(key);
            for (String field : FIELDS) {
                args.add(field);
            }
            batch.add(new AsyncCommand<>(new Command<>(CommandType.HMGET, new ValueListOutput<>(StringCodec.UTF8), args)));
        }
        send("getAll", batch, true);
        Map<PostId, CachedPost> found = new HashMap<>();
        List<CachedPost> toKeep = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            CachedPost entry = decode(ids.get(i), batch.get(i).getNow(null));
            toKeep.add(entry);
            if (entry != null) {
                found.put(ids.get(i), entry);
            }
        }
        near.install(ids, toKeep, stamps);
        return found;
    }

    @Override
    public void putAll(Collection<Post> given) {
        List<Post> posts = List.copyOf(given);
        if (posts.isEmpty()) {
            return;
        }
        String ttlMillis = Long.toString(ttl.toMillis());
        runScripts("putAll", TimelineScript.PUT_POST, posts.stream().map(Post::id).toList(), posts.stream().map(post -> new String[] {
                keys.post(post.id()), post.authorId().value(), post.authorUsername().value(), post.text().value(),
                Long.toString(post.createdAt().toEpochMilli()), Long.toString(post.likeCount()), ttlMillis,
                Long.toString(post.repostCount()),
                post.repostOf().map(o -> o.postId().value()).orElse(""),
                post.repostOf().map(o -> o.authorId().value()).orElse(""),
                post.inReplyTo().map(p -> p.postId().value()).orElse(""),
                post.inReplyTo().map(p -> p.authorId().value()).orElse(""),
                Long.toString(post.replyCount()),
                encodeMentions(post.mentions()),
                post.tags().stream().map(Tag::value).collect(java.util.stream.Collectors.joining(" ")),
                post.article().map(a -> a.title().value()).orElse(""),
                post.article().map(a -> a.slug().value()).orElse(""),
                post.article().map(a -> a.status().wireName()).orElse(""),
                encodeMedia(post.media())}).toList());
    }

    private static final java.util.Base64.Encoder BASE64 = java.util.Base64.getEncoder();
    private static final java.util.Base64.Decoder UNBASE64 = java.util.Base64.getDecoder();

    /**
     * Each attachment a line of tab-separated fields: id, owner, kind, the two keys, the original's
     * and the small rendition's width, height and bytes, blurhash, the alt text in base64 (free text
     * may hold tabs and line breaks), focus x and y, creation millis. Ids, keys and blurhashes never
     * hold a tab or a line break. The post it is attached to is the post the hash is.
     */
    static String encodeMedia(List<MediaAttachment> media) {
        StringBuilder encoded = new StringBuilder();
        for (MediaAttachment m : media) {
            if (!encoded.isEmpty()) {
                encoded.append('\n');
            }
            encoded.append(m.id().value()).append('\t').append(m.owner().value()).append('\t').append(m.kind().name())
                    .append('\t').append(m.originalKey().value()).append('\t').append(m.smallKey().value())
                    .append('\t').append(m.original().width()).append('\t').append(m.original().height())
                    .append('\t').append(m.original().length())
                    .append('\t').append(m.small().width()).append('\t').append(m.small().height())
                    .append('\t').append(m.small().length())
                    .append('\t').append(m.blurhash())
                    .append('\t').append(m.description()
                            .map(d -> BASE64.encodeToString(d.value().getBytes(java.nio.charset.StandardCharsets.UTF_8))).orElse(""))
                    .append('\t').append(m.focus().x()).append('\t').append(m.focus().y())
                    .append('\t').append(m.createdAt().toEpochMilli());
        }
        return encoded.toString();
    }

    static List<MediaAttachment> decodeMedia(String encoded, PostId post) {
        if (encoded == null || encoded.isEmpty()) {
            return List.of();
        }
        List<MediaAttachment> media = new ArrayList<>();
        for (String line : encoded.split("\n")) {
            String[] f = line.split("\t", -1);
            media.add(new MediaAttachment(MediaId.of(f[0]), UserId.of(f[1]), MediaKind.valueOf(f[2]), MediaKey.of(f[3]),
                    MediaKey.of(f[4]), new MediaMeta(Integer.parseInt(f[5]), Integer.parseInt(f[6]), Long.parseLong(f[7])),
                    new MediaMeta(Integer.parseInt(f[8]), Integer.parseInt(f[9]), Long.parseLong(f[10])), f[11],
                    f[12].isEmpty() ? Optional.empty()
                            : Optional.of(new MediaDescription(new String(UNBASE64.decode(f[12]), java.nio.charset.StandardCharsets.UTF_8))),
                    new Focus(Double.parseDouble(f[13]), Double.parseDouble(f[14])), Instant.ofEpochMilli(Long.parseLong(f[15])),
                    Optional.of(post)));
        }
        return media;
    }

    /** Each mention as {@code <user id> <username>}, one a line: neither ever holds a space or a line break. */
    static String encodeMentions(List<Mention> mentions) {
        StringBuilder encoded = new StringBuilder();
        for (Mention mention : mentions) {
            if (!encoded.isEmpty()) {
                encoded.append('\n');
            }
            encoded.append(mention.id().value()).append(' ').append(mention.username().value());
        }
        return encoded.toString();
    }

    static List<Mention> decodeMentions(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return List.of();
        }
        List<Mention> mentions = new ArrayList<>();
        for (String line : encoded.split("\n")) {
            int space = line.indexOf(' ');
            mentions.add(new Mention(UserId.of(line.substring(0, space)), Username.of(line.substring(space + 1))));
        }
        return mentions;
    }

    @Override
    public void tombstone(PostId id) {
        runScripts("tombstone", TimelineScript.TOMBSTONE, List.of(id),
                List.<String[]>of(new String[] {keys.post(id), Long.toString(ttl.toMillis())}));
    }

    @Override
    public void incrementLikes(PostId id, long delta) {
        runScripts("incrementLikes", TimelineScript.INCREMENT_LIKES, List.of(id),
                List.<String[]>of(new String[] {keys.post(id), Long.toString(delta)}));
    }

    @Override
    public void incrementReposts(PostId id, long delta) {
        runScripts("incrementReposts", TimelineScript.INCREMENT_REPOSTS, List.of(id),
                List.<String[]>of(new String[] {keys.post(id), Long.toString(delta)}));
    }

    @Override
    public void evict(PostId id) {
        List<PostId> evicted = List.of(id);
        near.invalidate(evicted);
        try {
            call("evict", () -> link.current().commands().del(keys.post(id)));
        } finally {
            near.invalidate(evicted);
        }
    }

    /**
     * One script per key, sent as one flush; loaded again once if the server lost its scripts. This
     * process's own copies of the keys are dropped before and after: Redis sends this connection the
     * invalidation of its own write only after the write's reply, and no read in between may be
     * answered from the old copy.
     */
    private void runScripts(String operation, TimelineScript script, List<PostId> written, List<String[]> keyThenArgs) {
        near.invalidate(written);
        try {
            runScriptsOnce(operation, script, keyThenArgs);
        } finally {
            near.invalidate(written);
        }
    }

    private void runScriptsOnce(String operation, TimelineScript script, List<String[]> keyThenArgs) {
        call(operation, () -> {
            try {
                send(operation, scriptBatch(script.sha(), keyThenArgs));
            } catch (FeedlineException.StorageUnavailable e) {
                if (!(e.getCause() instanceof RedisNoScriptException
                        || (e.getCause() != null && String.valueOf(e.getCause().getMessage()).startsWith("NOSCRIPT")))) {
                    throw e;
                }
                // On a cluster this loads it on every master.
                link.current().commands().scriptLoad(script.body());
                send(operation, scriptBatch(script.sha(), keyThenArgs));
            }
            return null;
        });
    }

    private static List<AsyncCommand<String, String, Long>> scriptBatch(String sha, List<String[]> keyThenArgs) {
        List<AsyncCommand<String, String, Long>> batch = new ArrayList<>(keyThenArgs.size());
        for (String[] values : keyThenArgs) {
            CommandArgs<String, String> args = new CommandArgs<>(StringCodec.UTF8).add(sha).add(1).addKey(values[0]);
            for (int i = 1; i < values.length; i++) {
                args.addValue(values[i]);
            }
            batch.add(new AsyncCommand<>(new Command<>(CommandType.EVALSHA, new IntegerOutput<>(StringCodec.UTF8), args)));
        }
        return batch;
    }

    private <T> void send(String operation, List<AsyncCommand<String, String, T>> batch) {
        send(operation, batch, false);
    }

    /**
     * Sends the batch in one flush and waits for every reply; a failed or late reply fails the call.
     * Reads the near cache may keep go over the tracked-reads connection, where there is one.
     */
    private <T> void send(String operation, List<AsyncCommand<String, String, T>> batch, boolean trackedRead) {
        call(operation, () -> {
            RedisLink.Open open = link.current();
            StatefulConnection<String, String> connection = trackedRead ? open.readsConnection() : open.connection();
            connection.dispatch(batch);
            AsyncCommand<?, ?, ?>[] all = batch.toArray(AsyncCommand[]::new);
            if (!LettuceFutures.awaitAll(commandTimeout, all)) {
                throw new FeedlineException.StorageUnavailable(COMPONENT,
                        operation + " timed out after " + commandTimeout, null);
            }
            for (AsyncCommand<?, ?, ?> command : all) {
                if (command.isCompletedExceptionally()) {
                    try {
                        command.get();
                    } catch (ExecutionException e) {
                        throw unavailable(operation, e.getCause());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw unavailable(operation, e);
                    }
                }
            }
            return null;
        });
    }

    private static CachedPost decode(PostId id, List<String> values) {
        if (values == null || values.size() < FIELDS.length) {
            return null;
        }
        if (values.get(5) != null) {
            return new CachedPost.Deleted();
        }
        if (values.get(0) == null || values.get(1) == null || values.get(2) == null || values.get(3) == null) {
            return null;
        }
        long likes = values.get(4) == null ? 0 : Math.max(0, Long.parseLong(values.get(4)));
        long reposts = values.get(6) == null ? 0 : Math.max(0, Long.parseLong(values.get(6)));
        Optional<PostRef> repostOf = values.get(7) == null || values.get(8) == null
                ? Optional.empty()
                : Optional.of(new PostRef(PostId.of(values.get(7)), UserId.of(values.get(8))));
        Optional<PostRef> inReplyTo = values.get(9) == null || values.get(10) == null
                ? Optional.empty()
                : Optional.of(new PostRef(PostId.of(values.get(9)), UserId.of(values.get(10))));
        long replies = values.get(11) == null ? 0 : Math.max(0, Long.parseLong(values.get(11)));
        return new CachedPost.Present(new Post(id, UserId.of(values.get(0)), Username.of(values.get(1)),
                new PostText(values.get(2)), Instant.ofEpochMilli(Long.parseLong(values.get(3))), likes,
                inReplyTo, replies, decodeMentions(values.get(12)), reposts, repostOf, Optional.empty(),
                values.get(13) == null || values.get(13).isEmpty()
                        ? List.of()
                        : java.util.Arrays.stream(values.get(13).split(" ")).map(Tag::new).toList(),
                values.get(14) == null || values.get(15) == null || values.get(16) == null
                        ? Optional.empty()
                        : Optional.of(new Article(ArticleTitle.of(values.get(14)), Slug.of(values.get(15)),
                                ArticleStatus.parse(values.get(16), "st"))),
                decodeMedia(values.get(17), id)));
    }

    private static <T> T call(String operation, Supplier<T> body) {
        try {
            return body.get();
        } catch (RedisException | CancellationException e) {
            throw unavailable(operation, e);
        }
    }

    private static FeedlineException.StorageUnavailable unavailable(String operation, Throwable cause) {
        String reason = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return new FeedlineException.StorageUnavailable(COMPONENT, operation + " failed: " + reason, cause);
    }
}
