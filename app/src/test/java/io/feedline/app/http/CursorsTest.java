package io.feedline.app.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.PageToken;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Signed cursors: one keyed MAC, cloned per cursor, so concurrent pages never share its state. */
class CursorsTest {
    private static final byte[] KEY = "a cursor key of at least 32 bytes!".getBytes(StandardCharsets.UTF_8);

    private final Cursors cursors = new Cursors(KEY, Duration.ofMinutes(10), Clock.systemUTC());

    @Test
    void cursorsSealedAndOpenedOnManyThreadsAtOnceAllRoundTripAndStayBoundToTheirScope() throws Exception {
        List<Future<?>> done = new ArrayList<>();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (int t = 0; t < 8; t++) {
                int thread = t;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        PageToken token = new PageToken("token-" + thread + "-" + i);
                        Cursors.Scope mine = new Cursors.Scope("/feed", "", "user:" + thread);
                        String cursor = cursors.seal(token, mine);
                        assertThat(cursors.open(cursor, mine)).isEqualTo(token);
                        Cursors.Scope theirs = new Cursors.Scope("/feed", "", "user:" + (thread + 1));
                        assertThatThrownBy(() -> cursors.open(cursor, theirs)).isInstanceOf(FeedlineException.InvalidInput.class);
                    }
                    return null;
                }));
            }
            for (Future<?> each : done) {
                each.get();
            }
        }
    }

    /**
     * The signature is 32 bytes, 43 characters: its last character carries two unused bits. Setting
     * one of them, or padding the text, spells the same bytes otherwise; only the spelling this
     * server writes is accepted.
     */
    @Test
    void aCursorSpelledOtherwiseThanCanonicallyIsRefused() {
        Cursors.Scope scope = new Cursors.Scope("/feed", "", "user:1");
        String cursor = cursors.seal(new PageToken("t"), scope);
        assertThat(cursors.open(cursor, scope)).isEqualTo(new PageToken("t"));

        int dot = cursor.indexOf('.');
        String paddedBody = cursor.substring(0, dot) + "==" + cursor.substring(dot);
        assertThat(Base64.getUrlDecoder().decode(lowBitSet(cursor).substring(dot + 1)))
                .as("the same bytes, spelled otherwise")
                .isEqualTo(Base64.getUrlDecoder().decode(cursor.substring(dot + 1)));

        for (String respelled : List.of(lowBitSet(cursor), cursor + "=", paddedBody)) {
            assertThatThrownBy(() -> cursors.open(respelled, scope))
                    .as(respelled)
                    .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("cursor"));
        }
    }

    /** {@code text} with the lowest bit of its last base64url character set: unused bits, when there are some. */
    static String lowBitSet(String text) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        int last = text.length() - 1;
        return text.substring(0, last) + alphabet.charAt(alphabet.indexOf(text.charAt(last)) ^ 1);
    }

    @Test
    void anotherKeySignsOtherCursors() {
        Cursors other = new Cursors("another cursor key of 32 bytes or more".getBytes(StandardCharsets.UTF_8),
                Duration.ofMinutes(10), Clock.systemUTC());
        Cursors.Scope scope = new Cursors.Scope("/feed", "", "user:1");
        String cursor = cursors.seal(new PageToken("t"), scope);

        assertThat(cursors.seal(new PageToken("t"), scope)).isNotEqualTo(other.seal(new PageToken("t"), scope));
        assertThatThrownBy(() -> other.open(cursor, scope)).isInstanceOf(FeedlineException.InvalidInput.class);
    }
}
