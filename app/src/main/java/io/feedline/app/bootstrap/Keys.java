package io.feedline.app.bootstrap;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The signing keys, derived from the configured secrets with HMAC-SHA256 under distinct labels, so
 * the token key and the cursor key differ even when one secret feeds both, and neither is the
 * secret itself.
 */
record Keys(byte[] token, byte[] cursor) {
    private static final Logger LOG = LoggerFactory.getLogger(Keys.class);
    private static final String TOKEN_LABEL = "feedline/bearer-token/v1";
    private static final String CURSOR_LABEL = "feedline/list-cursor/v1";

    static Keys from(FeedlineConfig config) {
        byte[] tokenSecret = config.secrets().tokenSecret()
                .map(s -> s.getBytes(StandardCharsets.UTF_8))
                .orElseGet(() -> generated(config));
        byte[] cursorSecret = config.secrets().cursorSecret()
                .map(s -> s.getBytes(StandardCharsets.UTF_8))
                .orElse(tokenSecret);
        return new Keys(derive(tokenSecret, TOKEN_LABEL), derive(cursorSecret, CURSOR_LABEL));
    }

    private static byte[] generated(FeedlineConfig config) {
        if (config.profile() != FeedlineConfig.Profile.EMBEDDED) {
            // FeedlineConfig refuses this already; kept so no path can sign with a random key by accident.
            throw new InvalidConfiguration("token.secret is required outside the embedded profile");
        }
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        LOG.warn("token.secret is not set: the embedded profile generated a random key for this run; "
                + "tokens and cursors stop working when the process restarts (set FEEDLINE_TOKEN_SECRET to keep them)");
        return secret;
    }

    static byte[] derive(byte[] secret, String label) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is required of every JDK", e);
        }
    }
}
