package io.feedline.app.mastodon;

import com.auth0.jwt.JWT;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTDecodeException;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.interfaces.DecodedJWT;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.feedline.app.web.Base64Url;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * OAuth clients and access tokens for the Mastodon API, both signed JWTs (HS256, the same library
 * as the native bearer tokens, under a key of their own). A client id is self-describing: it
 * carries the app's name, redirect URIs and scopes, and its secret is an HMAC of the id, so a
 * registered app needs no row anywhere and every process recognises it. An access token carries
 * the user, the granted scopes and the app. An authorization code is a short-lived JWT of its own
 * kind, spent once through the revocation store. Revocations are kept by token id until the token
 * would have expired anyway. A user's token and code carry the user's session stamp, and a token
 * whose stamp is no longer the user's (the password changed) is refused
 * (docs/adr/0026-session-stamps.md).
 */
public final class MastodonTokens {
    /** HS256 needs a key at least as long as its output (RFC 7518 §3.2). */
    public static final int MIN_KEY_BYTES = 32;
    private static final String APP_ISSUER = "feedline/mastodon-app";
    private static final String TOKEN_ISSUER = "feedline/mastodon-token";
    private static final String CODE_ISSUER = "feedline/mastodon-code";
    /** How long an authorization code may wait for its exchange (RFC 6749 §4.1.2 recommends at most 10 minutes). */
    static final Duration CODE_TTL = Duration.ofMinutes(10);
    /** RFC 7636 §4.1: 43-128 characters of the unreserved set. */
    private static final java.util.regex.Pattern VERIFIER = java.util.regex.Pattern.compile("[A-Za-z0-9._~-]{43,128}");

    /** How late past its expiry an access token is still accepted: clocks of servers differ a little. */
    private static final long LEEWAY_SECONDS = 5;
    private final Algorithm algorithm;
    private final byte[] key;
    private final JWTVerifier apps;
    private final JWTVerifier tokens;
    private final JWTVerifier codes;
    private final Duration ttl;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();
    private final Revocations revoked;
    private final Sessions sessions;
    /** The claim that carries the session stamp. */
    private static final String STAMP_CLAIM = "stp";
    /**
     * Access tokens that verified, by their text, with their grant and expiry, kept for a minute (as
     * the native bearer tokens are): a busy client's HMAC and claims are checked once a minute. Expiry
     * and revocation are still checked on every request.
     */
    private final Cache<String, Verified> verifiedTokens = Caffeine.newBuilder()
            .maximumSize(10_000)
            .expireAfterWrite(Duration.ofMinutes(1))
            .build();

    private record Verified(Grant grant, Instant expiresAt) {}

    /**
     * Where revoked token ids are kept. The composition root hands in the store every server shares
     * (the one the native API's logout uses), so a token revoked through one process is refused by
     * all of them.
     */
    public interface Revocations {
        /** Records {@code tokenId} as revoked until {@code expiresAt}, the token's own expiry. */
        void revoke(String tokenId, Instant expiresAt);

        /** Whether {@code tokenId} was revoked. */
        boolean isRevoked(String tokenId);

        /**
         * Revokes {@code tokenId} only if it was not already, atomically across every process that
         * shares the store: true for exactly one caller. Spends a single-use authorization code.
         */
        boolean revokeOnce(String tokenId, Instant expiresAt);

        /** Revocations kept in this process only, forgotten once the token has expired anyway. */
        static Revocations inProcess(Clock clock) {
            Map<String, Instant> revoked = new ConcurrentHashMap<>();
            return new Revocations() {
                @Override
                public void revoke(String tokenId, Instant expiresAt) {
                    Instant now = clock.instant();
                    revoked.values().removeIf(expiry -> expiry.isBefore(now));
                    revoked.put(tokenId, expiresAt);
                }

                @Override
                public boolean isRevoked(String tokenId) {
                    return revoked.containsKey(tokenId);
                }

                @Override
                public boolean revokeOnce(String tokenId, Instant expiresAt) {
                    return revoked.putIfAbsent(tokenId, expiresAt) == null;
                }
            };
        }
    }

    /** Whether a user's token's session stamp is still theirs. */
    @FunctionalInterface
    public interface Sessions {
        boolean isCurrent(UserId user, String stamp);
    }

    /**
     * Tokens whose revocations this process alone remembers, checked against the session stamps
     * {@code sessions} knows (one process, tests).
     */
    public MastodonTokens(byte[] key, Duration ttl, Clock clock, Sessions sessions) {
        this(key, ttl, clock, Revocations.inProcess(clock), sessions);
    }

    public MastodonTokens(byte[] key, Duration ttl, Clock clock, Revocations revocations, Sessions sessions) {
        Objects.requireNonNull(key, "key");
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the Mastodon token key must be at least " + MIN_KEY_BYTES + " bytes");
        }
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("mastodon.token-ttl must be positive");
        }
        this.revoked = Objects.requireNonNull(revocations, "revocations");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.key = key.clone();
        this.algorithm = Algorithm.HMAC256(key);
        this.ttl = ttl;
        this.clock = clock;
        this.apps = ((JWTVerifier.BaseVerification) JWT.require(algorithm).withIssuer(APP_ISSUER)).build(clock);
        this.tokens = ((JWTVerifier.BaseVerification) JWT.require(algorithm)
                        .withIssuer(TOKEN_ISSUER)
                        .withClaimPresence("exp")
                        .withClaimPresence("jti")
                        .acceptLeeway(LEEWAY_SECONDS))
                .build(clock);
        this.codes = ((JWTVerifier.BaseVerification) JWT.require(algorithm)
                        .withIssuer(CODE_ISSUER)
                        .withClaimPresence("exp")
                        .withClaimPresence("jti")
                        .withClaimPresence("sub"))
                .build(clock);
    }

    /** A registered OAuth client. */
    record App(String id, String name, List<String> redirectUris, Set<String> scopes, Optional<String> website) {}

    /** A new client's id and secret, to be shown to it once. */
    record Registered(App app, String clientId, String clientSecret) {}

    /** What a valid access token grants: a user (absent for client credentials), scopes, the app. */
    record Grant(Optional<UserId> user, Optional<Username> username, Set<String> scopes, String appId, String appName,
            String tokenId, Optional<String> stamp) {}

    /** A token as handed out, with when it was made. */
    record Issued(String accessToken, Instant createdAt, Set<String> scopes) {}

    Registered register(String name, List<String> redirectUris, Set<String> scopes, Optional<String> website) {
        String id = randomHex(16);
        String clientId = JWT.create()
                .withIssuer(APP_ISSUER)
                .withJWTId(id)
                .withClaim("name", name)
                .withClaim("redirect_uris", redirectUris)
                .withClaim("scopes", List.copyOf(scopes))
                .withClaim("website", website.orElse(null))
                .sign(algorithm);
        App app = new App(id, name, List.copyOf(redirectUris), scopes, website);
        return new Registered(app, clientId, secretOf(clientId));
    }

    /** The app behind a client id and secret; anything else is {@code invalid_client} (RFC 6749 §5.2). */
    App authenticateClient(String clientId, String clientSecret) {
        if (clientId == null || clientSecret == null) {
            throw MastodonError.oauth(401, "invalid_client", "client_id and client_secret are required");
        }
        App app = app(clientId).orElseThrow(() -> MastodonError.oauth(401, "invalid_client", "the client is unknown"));
        byte[] expected = secretOf(clientId).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, clientSecret.getBytes(StandardCharsets.US_ASCII))) {
            throw MastodonError.oauth(401, "invalid_client", "the client secret does not match");
        }
        return app;
    }

    /** The app a client id names, if this server signed it: public clients show only their id. */
    Optional<App> app(String clientId) {
        if (clientId == null) {
            return Optional.empty();
        }
        try {
            DecodedJWT jwt = canonical(apps, clientId);
            return Optional.of(new App(
                    jwt.getId(),
                    jwt.getClaim("name").asString(),
                    jwt.getClaim("redirect_uris").asList(String.class),
                    new LinkedHashSet<>(jwt.getClaim("scopes").asList(String.class)),
                    Optional.ofNullable(jwt.getClaim("website").asString())));
        } catch (JWTVerificationException e) {
            return Optional.empty();
        }
    }

    /** What a user approved for an app: where to return, which scopes, and the PKCE challenge if any (S256). */
    record Approval(App app, SignedIn user, String redirectUri, Set<String> scopes, Optional<String> codeChallenge) {}

    /**
     * An authorization code: a signed, short-lived statement of the approval. It needs no row to be
     * issued; its id is spent in the shared revocation store when it is exchanged, so it works once.
     */
    String issueCode(Approval approval) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        return JWT.create()
                .withIssuer(CODE_ISSUER)
                .withJWTId(randomHex(16))
                .withIssuedAt(now)
                .withExpiresAt(now.plus(CODE_TTL))
                .withSubject(approval.user().account().id().value())
                .withClaim("username", approval.user().account().username().value())
                .withClaim(STAMP_CLAIM, approval.user().stamp().value())
                .withClaim("app_id", approval.app().id())
                .withClaim("redirect_uri", approval.redirectUri())
                .withClaim("scope", Scope.join(approval.scopes()))
                .withClaim("code_challenge", approval.codeChallenge().orElse(null))
                .sign(algorithm);
    }

    /**
     * Exchanges a code for an access token (RFC 6749 §4.1.3, RFC 7636 §4.6). The code must be this
     * app's, for this redirect URI, unexpired and unspent. A code issued with a PKCE challenge needs
     * the matching {@code code_verifier} and then no client secret (a public client); a code without
     * one needs the client secret. Every failure is {@code invalid_grant} or {@code invalid_client}.
     */
    Issued exchange(String clientId, Optional<String> clientSecret, String code, String redirectUri,
            Optional<String> verifier) {
        App app = clientSecret.isPresent()
                ? authenticateClient(clientId, clientSecret.get())
                : app(clientId).orElseThrow(() -> MastodonError.oauth(401, "invalid_client", "the client is unknown"));
        DecodedJWT jwt;
        try {
            jwt = canonical(codes, code == null ? "" : code);
        } catch (JWTVerificationException e) {
            throw invalidGrant("the authorization code is invalid or expired");
        }
        if (!app.id().equals(jwt.getClaim("app_id").asString())) {
            throw invalidGrant("the authorization code was issued to another client");
        }
        if (!jwt.getClaim("redirect_uri").asString().equals(redirectUri)) {
            throw invalidGrant("redirect_uri does not match the one the code was issued for");
        }
        String challenge = jwt.getClaim("code_challenge").asString();
        if (challenge == null) {
            if (clientSecret.isEmpty()) {
                throw MastodonError.oauth(401, "invalid_client", "client_secret is required for a code issued without PKCE");
            }
        } else {
            String given = verifier.orElseThrow(() -> invalidGrant("code_verifier is required"));
            byte[] expected = challenge.getBytes(StandardCharsets.US_ASCII);
            if (!VERIFIER.matcher(given).matches()
                    || !MessageDigest.isEqual(expected, s256(given).getBytes(StandardCharsets.US_ASCII))) {
                throw invalidGrant("code_verifier does not match the code challenge");
            }
        }
        if (!revoked.revokeOnce(jwt.getId(), jwt.getExpiresAtAsInstant())) {
            throw invalidGrant("the authorization code was already used");
        }
        Set<String> scopes = Scope.parse(jwt.getClaim("scope").asString(), "read");
        String stamp = jwt.getClaim(STAMP_CLAIM).asString();
        if (stamp == null) {
            throw invalidGrant("the authorization code is invalid or expired");
        }
        return issue(app, UserId.of(jwt.getSubject()), Username.of(jwt.getClaim("username").asString()), scopes,
                new SessionStamp(stamp));
    }

    /** RFC 7636 §4.2: BASE64URL(SHA-256(ASCII(code_verifier))), unpadded. */
    static String s256(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JDK", e);
        }
    }

    private static MastodonError invalidGrant(String description) {
        return MastodonError.oauth(400, "invalid_grant", description);
    }

    private Issued issue(App app, UserId user, Username username, Set<String> scopes, SessionStamp stamp) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        String token = JWT.create()
                .withIssuer(TOKEN_ISSUER)
                .withJWTId(randomHex(16))
                .withIssuedAt(now)
                .withExpiresAt(now.plus(ttl))
                .withClaim("scope", Scope.join(scopes))
                .withClaim("app_id", app.id())
                .withClaim("app_name", app.name())
                .withSubject(user.value())
                .withClaim("username", username.value())
                .withClaim(STAMP_CLAIM, stamp.value())
                .sign(algorithm);
        return new Issued(token, now, scopes);
    }

    Issued issue(App app, Optional<SignedIn> user, Set<String> scopes) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        var builder = JWT.create()
                .withIssuer(TOKEN_ISSUER)
                .withJWTId(randomHex(16))
                .withIssuedAt(now)
                .withExpiresAt(now.plus(ttl))
                .withClaim("scope", Scope.join(scopes))
                .withClaim("app_id", app.id())
                .withClaim("app_name", app.name());
        user.ifPresent(signedIn -> builder.withSubject(signedIn.account().id().value())
                .withClaim("username", signedIn.account().username().value())
                .withClaim(STAMP_CLAIM, signedIn.stamp().value()));
        return new Issued(builder.sign(algorithm), now, scopes);
    }

    /**
     * A token for {@code user}, made by the app behind {@code appToken} with that token's scopes:
     * what a client gets back when it signs a person up with its app token.
     */
    Issued issueFor(Grant appToken, SignedIn user) {
        return issue(new App(appToken.appId(), appToken.appName(), List.of(), appToken.scopes(), Optional.empty()),
                user.account().id(), user.account().username(), appToken.scopes(), user.stamp());
    }

    /** The grant of a valid, unrevoked token; anything else is a 401. */
    Grant verify(String token) {
        Verified verified = verifiedTokens.getIfPresent(token);
        if (verified == null || !clock.instant().isBefore(verified.expiresAt().plusSeconds(LEEWAY_SECONDS))) {
            verified = decode(token);
        }
        if (revoked.isRevoked(verified.grant().tokenId())) {
            throw MastodonError.unauthorized("The access token was revoked");
        }
        Grant grant = verified.grant();
        if (grant.user().isPresent() && !sessions.isCurrent(grant.user().get(), grant.stamp().orElseThrow())) {
            throw MastodonError.unauthorized("The access token was issued before the password changed");
        }
        return grant;
    }

    /** Checks a token's signature and claims, and keeps its grant once it passed. */
    private Verified decode(String token) {
        DecodedJWT jwt;
        try {
            jwt = canonical(tokens, token);
        } catch (JWTVerificationException e) {
            verifiedTokens.invalidate(token);
            throw MastodonError.unauthorized("The access token is invalid");
        }
        Grant grant;
        try {
            Optional<UserId> user = Optional.ofNullable(jwt.getSubject()).map(UserId::of);
            Optional<Username> username = Optional.ofNullable(jwt.getClaim("username").asString()).map(Username::of);
            Set<String> scopes = Scope.parse(jwt.getClaim("scope").asString(), "read");
            Optional<String> stamp = Optional.ofNullable(jwt.getClaim(STAMP_CLAIM).asString());
            if (user.isPresent() && stamp.isEmpty()) {
                throw MastodonError.unauthorized("The access token is invalid");
            }
            grant = new Grant(user, username, scopes, jwt.getClaim("app_id").asString(), jwt.getClaim("app_name").asString(),
                    jwt.getId(), stamp);
        } catch (FeedlineException.InvalidInput | MastodonError e) {
            throw MastodonError.unauthorized("The access token is invalid");
        }
        Verified verified = new Verified(grant, jwt.getExpiresAtAsInstant());
        verifiedTokens.put(token, verified);
        return verified;
    }

    /**
     * {@code verifier}'s answer for a JWT spelled as this server writes it: the library's decoder
     * also takes padding and set unused bits, which would give one token several spellings.
     */
    private static DecodedJWT canonical(JWTVerifier verifier, String jwt) {
        if (!Base64Url.isCanonicalJws(jwt)) {
            throw new JWTDecodeException("the token is not canonical base64url");
        }
        return verifier.verify(jwt);
    }

    /**
     * Revokes a token the given app holds (RFC 7009: an unknown or foreign token is answered as if
     * revoked, so the endpoint reveals nothing).
     */
    void revoke(App app, String token) {
        try {
            DecodedJWT jwt = canonical(tokens, token);
            if (app.id().equals(jwt.getClaim("app_id").asString())) {
                revoked.revoke(jwt.getId(), jwt.getExpiresAtAsInstant());
            }
        } catch (JWTVerificationException e) {
            // already unusable
        }
    }

    /**
     * The CSRF token of an authorize form: an HMAC over the browser's own random cookie and the
     * request the form answers, so a token is good only in that browser and only for that request.
     */
    String csrfToken(String browserSecret, String request) {
        return hmac("oauth-csrf/" + browserSecret + "/" + request);
    }

    /** Whether {@code token} is {@link #csrfToken} of these values, compared in constant time. */
    boolean csrfMatches(String token, String browserSecret, String request) {
        return token != null && MessageDigest.isEqual(csrfToken(browserSecret, request).getBytes(StandardCharsets.US_ASCII),
                token.getBytes(StandardCharsets.US_ASCII));
    }

    /** A fresh random value for a browser's CSRF cookie. */
    String newBrowserSecret() {
        return randomHex(32);
    }

    private String secretOf(String clientId) {
        return hmac("client-secret/" + clientId);
    }

    private String hmac(String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] digest = mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JDK", e);
        }
    }

    private String randomHex(int bytes) {
        byte[] id = new byte[bytes];
        random.nextBytes(id);
        return HexFormat.of().formatHex(id);
    }
}
