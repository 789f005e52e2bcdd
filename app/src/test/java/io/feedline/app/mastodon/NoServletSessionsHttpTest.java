package io.feedline.app.mastodon;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.app.bootstrap.App;
import io.feedline.app.http.TestApps;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The server keeps no state per request: no servlet session is made for anyone, so a flood of
 * WebSocket upgrades (rate-limited or not) leaves nothing behind and sets no session cookie.
 */
class NoServletSessionsHttpTest {
    private static final int ATTEMPTS = 60;
    private static final int ALLOWED = 5;

    /** One upgrade request on a fresh connection; the head of its answer. */
    private static String upgrade(int port) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET /api/v1/streaming?stream=public HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\n"
                    + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            return MastodonHttp.head(socket.getInputStream());
        }
    }

    @Test
    void webSocketUpgradesAcceptedAndRateLimitedAlikeSetNoSessionCookie() throws IOException {
        try (App app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0,
                "http.rate-limit.requests", ALLOWED, "http.rate-limit.period", "1h"))) {
            int port = app.mastodonPort().orElseThrow();
            List<String> statuses = new ArrayList<>();
            List<String> cookies = new ArrayList<>();
            for (int i = 0; i < ATTEMPTS; i++) {
                String head = upgrade(port);
                statuses.add(head.substring(0, Math.min(12, head.length())));
                head.lines().filter(line -> line.toLowerCase(Locale.ROOT).startsWith("set-cookie:")).forEach(cookies::add);
            }

            assertThat(statuses).as("the address's budget of upgrades, then refusals")
                    .contains("HTTP/1.1 101", "HTTP/1.1 429");
            assertThat(statuses.stream().filter("HTTP/1.1 101"::equals)).hasSize(ALLOWED);
            assertThat(cookies).as("no answer makes a session").isEmpty();
        }
    }

    @Test
    void signedInAndAnonymousApiCallsSetNoCookieEither() {
        try (App app = TestApps.start(Map.of("mastodon.enabled", true, "mastodon.port", 0))) {
            MastodonHttp mastodon = new MastodonHttp(app);
            String token = mastodon.token(mastodon.signUp(), "read");

            assertThat(mastodon.get("/api/v1/accounts/verify_credentials", Optional.of(token)).headers()
                    .allValues("Set-Cookie")).isEmpty();
            assertThat(mastodon.get("/api/v1/timelines/public", Optional.empty()).headers().allValues("Set-Cookie")).isEmpty();
        }
    }
}
