package io.feedline.app.bootstrap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
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
    static final String KEY_FILE = "signing.key";

    static Keys from(FeedlineConfig config) {
        byte[] tokenSecret = config.secrets().tokenSecret()
                .map(s -> s.getBytes(StandardCharsets.UTF_8))
                .orElseGet(() -> generated(config));
        byte[] cursorSecret = config.secrets().cursorSecret()
                .map(s -> s.getBytes(StandardCharsets.UTF_8))
                .orElse(tokenSecret);
        return new Keys(derive(tokenSecret, TOKEN_LABEL), derive(cursorSecret, CURSOR_LABEL));
    }

    /**
     * The embedded profile's own key: generated once and kept in {@value #KEY_FILE} under its data
     * directory (owner read/write only), so tokens and cursors survive a restart; with the data in
     * memory, a key for this run only.
     */
    private static byte[] generated(FeedlineConfig config) {
        if (config.profile() != FeedlineConfig.Profile.EMBEDDED) {
            // FeedlineConfig refuses this already; kept so no path can sign with a random key by accident.
            throw new InvalidConfiguration("token.secret is required outside the embedded profile");
        }
        if (config.dynamo().inMemory()) {
            LOG.warn("token.secret is not set and the data is in memory: tokens and cursors last for this run only");
            return random();
        }
        Path file = config.dynamo().dataDir().resolve(KEY_FILE);
        try {
            if (Files.exists(file)) {
                byte[] kept = HexFormat.of().parseHex(Files.readString(file, StandardCharsets.US_ASCII).strip());
                if (kept.length < 32) {
                    throw new InvalidConfiguration(file + " holds a key shorter than 32 bytes; delete it to generate a new one");
                }
                return kept;
            }
            byte[] secret = random();
            Files.createDirectories(file.getParent());
            Path partial = Files.createTempFile(file.getParent(), KEY_FILE, ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(partial, HexFormat.of().formatHex(secret) + "\n", StandardCharsets.US_ASCII);
            Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
            LOG.info("token.secret is not set: generated a signing key, kept in {} (mode 600)", file.toAbsolutePath().normalize());
            return secret;
        } catch (IOException | IllegalArgumentException e) {
            throw new InvalidConfiguration("cannot read or write the generated signing key " + file + ": " + e.getMessage(), e);
        }
    }

    private static byte[] random() {
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
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
