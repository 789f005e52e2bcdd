package io.feedline.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The canonical check accepts exactly the texts that decode and re-encode to themselves. */
class Base64UrlTest {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/.";

    @Test
    void canonicalIsExactlyWhatReEncodesToItself() {
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(12);
            for (int j = 0; j < length; j++) {
                text.append(ALPHABET.charAt(random.nextInt(i % 2 == 0 ? 64 : ALPHABET.length())));
            }
            String candidate = text.toString();
            assertThat(Base64Url.decode(candidate).isPresent()).as(candidate).isEqualTo(reEncodesToItself(candidate));
        }
    }

    @Test
    void aJwsNeedsThreeCanonicalSegmentsAndASignature() {
        assertThat(Base64Url.isCanonicalJws("eyJh.eyJi.c2k")).isTrue();
        assertThat(Base64Url.isCanonicalJws("eyJh.eyJi.")).as("unsigned").isFalse();
        assertThat(Base64Url.isCanonicalJws("eyJh.eyJi.c2l")).as("a set unused bit").isFalse();
        assertThat(Base64Url.isCanonicalJws("eyJh.eyJi.c2k=")).isFalse();
        assertThat(Base64Url.isCanonicalJws("eyJh=.eyJi.c2ln")).isFalse();
        assertThat(Base64Url.isCanonicalJws("eyJh.eyJi.c2ln.c2ln")).isFalse();
        assertThat(Base64Url.isCanonicalJws(".eyJi.c2ln")).isFalse();
    }

    private static boolean reEncodesToItself(String text) {
        try {
            byte[] bytes = Base64.getUrlDecoder().decode(text);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).equals(text);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
