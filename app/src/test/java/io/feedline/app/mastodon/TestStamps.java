package io.feedline.app.mastodon;

import io.feedline.ports.model.SessionStamp;

/** One session stamp every test user holds, for token tests that sign nobody in. */
final class TestStamps {
    static final SessionStamp STAMP = new SessionStamp("test-stamp");
    /** Accepts exactly {@link #STAMP}, for every user. */
    static final MastodonTokens.Sessions SESSIONS = (user, stamp) -> STAMP.value().equals(stamp);

    private TestStamps() {}

    /** The stamps the accounts of {@code useCases} hold now, for APIs a test builds over real accounts. */
    static MastodonTokens.Sessions of(io.feedline.ports.in.UseCases useCases) {
        return (user, stamp) -> useCases.authenticate().sessionStamp(user).map(s -> s.value().equals(stamp)).orElse(false);
    }
}
