package io.feedline.app.http;

import io.feedline.app.web.Base64Url;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PageToken;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Opaque, signed list cursors. A cursor carries the core's {@link PageToken} and an expiry, and an
 * HMAC-SHA256 over both and over its {@link Scope} (route, query, caller), which is not carried: a
 * cursor replayed on another route, for another user's list or by another caller fails the MAC just
 * as a forged or altered one does. Every failure reads the same, so a probe learns nothing.
 */
public final class Cursors {
    public static final int MIN_KEY_BYTES = 32;
    private static final String ALGORITHM = "HmacSHA256";
    private static final byte VERSION = 1;
    private static final int MAC_BYTES = 32;
    private static final int MAX_CURSOR_CHARS = 1024;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    /**
     * Keyed once and cloned for each cursor: looking the algorithm up and keying it was most of the
     * cost of a signed cursor on a feed page (a JFR profile of {@code scripts/http-load.sh}).
     * Never updated itself, so clones may be taken from any thread.
     */
    private final Mac keyed;
    private final Duration ttl;
    private final Clock clock;

    public Cursors(byte[] key, Duration ttl, Clock clock) {
        Objects.requireNonNull(key, "key");
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the cursor key must be at least " + MIN_KEY_BYTES + " bytes");
        }
        if (ttl.isNegative() || ttl.isZero()) {
            throw new IllegalArgumentException("cursor.ttl must be positive");
        }
        try {
            this.keyed = Mac.getInstance(ALGORITHM);
            keyed.init(new SecretKeySpec(key.clone(), ALGORITHM));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JDK", e);
        }
        this.ttl = ttl;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** What a cursor is bound to: the route template, its query (path values) and the caller. */
    record Scope(String route, String query, String caller) {
        Scope {
            Objects.requireNonNull(route, "route");
            Objects.requireNonNull(query, "query");
            Objects.requireNonNull(caller, "caller");
        }
    }

    String seal(PageToken token, Scope scope) {
        byte[] value = token.value().getBytes(StandardCharsets.UTF_8);
        long expires = clock.instant().plus(ttl).getEpochSecond();
        ByteBuffer payload = ByteBuffer.allocate(1 + Long.BYTES + value.length);
        payload.put(VERSION).putLong(expires).put(value);
        byte[] body = payload.array();
        return ENCODER.encodeToString(body) + "." + ENCODER.encodeToString(mac(body, scope));
    }

    /** The token inside a cursor this server issued for {@code scope}, still unexpired; else a 400. */
    PageToken open(String cursor, Scope scope) {
        if (cursor == null || cursor.isEmpty() || cursor.length() > MAX_CURSOR_CHARS) {
            throw invalid();
        }
        int dot = cursor.indexOf('.');
        if (dot <= 0 || dot != cursor.lastIndexOf('.')) {
            throw invalid();
        }
        // Only the spelling seal() writes: a re-spelled cursor (padding, set unused bits) is refused.
        byte[] body = Base64Url.decode(cursor.substring(0, dot)).orElseThrow(Cursors::invalid);
        byte[] signature = Base64Url.decode(cursor.substring(dot + 1)).orElseThrow(Cursors::invalid);
        if (signature.length != MAC_BYTES || !MessageDigest.isEqual(signature, mac(body, scope))) {
            throw invalid();
        }
        ByteBuffer payload = ByteBuffer.wrap(body);
        if (body.length <= 1 + Long.BYTES || payload.get() != VERSION) {
            throw invalid();
        }
        long expires = payload.getLong();
        if (clock.instant().getEpochSecond() >= expires) {
            throw invalid();
        }
        byte[] value = new byte[payload.remaining()];
        payload.get(value);
        return new PageToken(new String(value, StandardCharsets.UTF_8));
    }

    private byte[] mac(byte[] body, Scope scope) {
        try {
            Mac mac = (Mac) keyed.clone();
            mac.update(body);
            // Length-prefixed, so no choice of route, query or caller can collide with another.
            for (String part : new String[] {scope.route(), scope.query(), scope.caller()}) {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                mac.update(ByteBuffer.allocate(Integer.BYTES).putInt(bytes.length).array());
                mac.update(bytes);
            }
            return mac.doFinal();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's HmacSHA256 can be cloned", e);
        }
    }

    private static FeedlineException.InvalidInput invalid() {
        return new FeedlineException.InvalidInput("cursor", "cursor is invalid or has expired");
    }
}
