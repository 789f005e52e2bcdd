package io.feedline.app.http;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.UserId;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Each user's current session stamp (docs/adr/0026-session-stamps.md), the one every token of
 * theirs must carry, kept in memory so that a signed-in request costs no store read. A password
 * change made here is seen here at once and told to the other servers ({@link #changed}); one made
 * elsewhere is seen at once when this server hears of it ({@link #changedElsewhere}), else within
 * {@code recheck}, as a revoked token is ({@link CachedRevocations}). A user whose account is gone
 * has no stamp, so their tokens stop working too.
 */
public final class SessionStamps {
    /** The word told to other servers when a user's stamp moved: this prefix, then the user id. */
    public static final String WORD_PREFIX = "stamp:";

    private final LoadingCache<UserId, Optional<SessionStamp>> current;
    private final Duration recheck;
    private final Duration heardRecheck;
    private final Consumer<String> announce;

    /**
     * {@code read} is the stamp's store read ({@code Authenticate::sessionStamp}); {@code announce}
     * tells the other servers a word (the revocation channel's, or nothing without one).
     */
    public SessionStamps(Function<UserId, Optional<SessionStamp>> read, Duration recheck, long maxUsers,
            LongSupplier nanos, Consumer<String> announce) {
        Objects.requireNonNull(read, "read");
        this.recheck = recheck;
        this.heardRecheck = CachedRevocations.HEARD_RECHECK.compareTo(recheck) > 0 ? CachedRevocations.HEARD_RECHECK : recheck;
        this.announce = Objects.requireNonNull(announce, "announce");
        this.current = Caffeine.newBuilder()
                .expireAfterWrite(recheck.isZero() ? Duration.ofNanos(1) : recheck)
                .maximumSize(maxUsers)
                .ticker(nanos::getAsLong)
                .build(read::apply);
    }

    /** Whether {@code stamp} is {@code user}'s current one. */
    public boolean isCurrent(UserId user, String stamp) {
        return current.get(user).map(SessionStamp::value).filter(stamp::equals).isPresent();
    }

    /** The user's stamp moved through this server (its store write committed): read again, and tell the others. */
    public void changed(UserId user) {
        current.invalidate(user);
        announce.accept(WORD_PREFIX + user.value());
    }

    /** Another server moved {@code user}'s stamp: read it again on the next request. */
    public void changedElsewhere(UserId user) {
        current.invalidate(user);
    }

    /** As {@link CachedRevocations#hearing}: what was kept is dropped, and kept from now on as long as the channel allows. */
    public void hearing(boolean everyWord) {
        current.invalidateAll();
        if (!recheck.isZero()) {
            Duration keep = everyWord ? heardRecheck : recheck;
            current.policy().expireAfterWrite().ifPresent(expiry -> expiry.setExpiresAfter(keep));
        }
    }
}
