package io.feedline.app.http;

import com.auth0.jwt.JWT;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.auth0.jwt.JWTVerifier;
import com.auth0.jwt.algorithms.Algorithm;
import com.auth0.jwt.exceptions.JWTVerificationException;
import com.auth0.jwt.exceptions.TokenExpiredException;
import com.auth0.jwt.interfaces.DecodedJWT;
import io.feedline.app.web.Base64Url;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Bearer tokens: JWTs signed with HS256, with the user id as subject, a random id ({@code jti}) and
 * a fixed lifetime. A token is valid until it expires unless its id was revoked (logout) or its
 * user's session stamp moved since it was issued (a password change, docs/adr/0026-session-stamps.md);
 * every verification asks {@link TokenRevocations} and {@link SessionStamps}, so both hold at once
 * on every server.
 *
 * <p>A token whose signature and claims checked out is kept for {@link #KEEP_VERIFIED} (at most
 * {@link #VERIFIED_KEPT} of them), so that a busy caller's token is decoded and its HMAC computed once
 * in a while rather than on every request. A kept token is still refused once it expires and once it
 * is revoked: both are checked on every call.
 */
public final class BearerTokens {
    /** HS256 needs a key at least as long as its output (RFC 7518 §3.2). */
    public static final int MIN_KEY_BYTES = 32;
    private static final String ISSUER = "feedline";
    /** What a token id may be; compiled once (it is checked on every authenticated request). */
    private static final Pattern TOKEN_ID = Pattern.compile("[A-Za-z0-9_-]{1,128}");
    /** How late past its expiry a token is still accepted: clocks of servers differ a little. */
    private static final long LEEWAY_SECONDS = 5;
    static final Duration KEEP_VERIFIED = Duration.ofMinutes(1);
    static final long VERIFIED_KEPT = 10_000;

    private final Algorithm algorithm;
    private final JWTVerifier verifier;
    private final Duration ttl;
    private final Clock clock;
    private final TokenRevocations revocations;
    private final SessionStamps stamps;
    private final SecureRandom random = new SecureRandom();
    /** Tokens that verified, by their text; only a token this class verified is ever put here. */
    private final Cache<String, Verified> verifiedTokens = Caffeine.newBuilder()
            .maximumSize(VERIFIED_KEPT)
            .expireAfterWrite(KEEP_VERIFIED)
            .build();

    /** The claim that carries the session stamp. */
    static final String STAMP_CLAIM = "stp";

    public BearerTokens(byte[] key, Duration ttl, Clock clock, TokenRevocations revocations, SessionStamps stamps) {
        Objects.requireNonNull(key, "key");
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the token key must be at least " + MIN_KEY_BYTES + " bytes");
        }
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("token.ttl must be positive");
        }
        this.algorithm = Algorithm.HMAC256(key);
        this.ttl = ttl;
        this.clock = clock;
        this.revocations = Objects.requireNonNull(revocations, "revocations");
        this.stamps = Objects.requireNonNull(stamps, "stamps");
        this.verifier = ((JWTVerifier.BaseVerification) JWT.require(algorithm)
                        .withIssuer(ISSUER)
                        .withClaimPresence("sub")
                        .withClaimPresence("exp")
                        .withClaimPresence("jti")
                        .withClaimPresence(STAMP_CLAIM)
                        .acceptLeeway(LEEWAY_SECONDS))
                .build(clock);
    }

    /** A token issued to a user, with when it stops working. */
    public record Issued(String token, Instant expiresAt, Duration lifetime) {}

    public Issued issue(UserAccount account, SessionStamp stamp) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        Instant expires = now.plus(ttl);
        byte[] id = new byte[16];
        random.nextBytes(id);
        String token = JWT.create()
                .withIssuer(ISSUER)
                .withSubject(account.id().value())
                .withClaim("username", account.username().value())
                .withIssuedAt(now)
                .withExpiresAt(expires)
                .withJWTId(HexFormat.of().formatHex(id))
                .withClaim(STAMP_CLAIM, stamp.value())
                .sign(algorithm);
        return new Issued(token, expires, ttl);
    }

    /** A token that verified: the user it speaks for, its id, when it expires and its session stamp. */
    record Verified(UserId user, String tokenId, Instant expiresAt, String stamp) {}

    /** The user a valid token speaks for; a bad, foreign, expired or revoked token is a 401. */
    Verified verify(String token) {
        Verified verified = verifiedTokens.getIfPresent(token);
        if (verified == null || !clock.instant().isBefore(verified.expiresAt().plusSeconds(LEEWAY_SECONDS))) {
            verified = decode(token);
        }
        if (revocations.isRevoked(verified.tokenId())) {
            throw HttpProblem.unauthorized("the bearer token has been revoked", "invalid_token");
        }
        if (!stamps.isCurrent(verified.user(), verified.stamp())) {
            throw HttpProblem.unauthorized("the bearer token was issued before the password changed", "invalid_token");
        }
        return verified;
    }

    /** Checks the token's signature and claims, and keeps it once it passed. */
    private Verified decode(String token) {
        if (!Base64Url.isCanonicalJws(token)) {
            throw HttpProblem.unauthorized("the bearer token is not valid", "invalid_token");
        }
        Verified verified;
        try {
            DecodedJWT jwt = verifier.verify(token);
            verified = new Verified(UserId.of(jwt.getSubject()), jwt.getId(), jwt.getExpiresAtAsInstant(),
                    jwt.getClaim(STAMP_CLAIM).asString());
        } catch (TokenExpiredException e) {
            verifiedTokens.invalidate(token);
            throw HttpProblem.unauthorized("the bearer token has expired", "invalid_token");
        } catch (JWTVerificationException | FeedlineException.InvalidInput e) {
            throw HttpProblem.unauthorized("the bearer token is not valid", "invalid_token");
        }
        if (verified.stamp() == null) {
            throw HttpProblem.unauthorized("the bearer token is not valid", "invalid_token");
        }
        if (!TOKEN_ID.matcher(verified.tokenId()).matches()) {
            throw HttpProblem.unauthorized("the bearer token has been revoked", "invalid_token");
        }
        verifiedTokens.put(token, verified);
        return verified;
    }

    /** {@code user}'s password changed through this server: their older tokens fail here at once, and elsewhere as they hear. */
    public void sessionChanged(UserId user) {
        stamps.changed(user);
    }

    /** Withdraws a verified token until it would have expired anyway. */
    void revoke(Verified token) {
        revocations.revoke(token.tokenId(), token.expiresAt());
    }
}
