package io.feedline.app.mastodon;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * OAuth 2's authorization endpoint (RFC 6749 §4.1, with PKCE, RFC 7636) as a small server-rendered
 * sign-in and consent page. The request is checked before anything is shown: an unknown client or
 * a redirect URI the app did not register gets an error page and never a redirect (§4.1.2.1); other
 * faults return to the client with {@code error} and {@code state}. The form carries a CSRF token
 * bound to a random cookie of the browser and to the request, the page allows no script, style or
 * framing (CSP), and every value written into it is escaped. The password is checked by the core's
 * {@code Authenticate} use case (bounded hashing, the same answer for an unknown user and a wrong
 * password); a wrong one shows the form again, with no code.
 */
final class AuthorizePage {
    static final String OUT_OF_BAND = "urn:ietf:wg:oauth:2.0:oob";
    private static final String CSRF_COOKIE = "feedline_oauth_csrf";
    private static final Pattern BROWSER_SECRET = Pattern.compile("[0-9a-f]{64}");
    /** RFC 7636 §4.2: an S256 challenge is 43 characters of base64url. */
    private static final Pattern CHALLENGE = Pattern.compile("[A-Za-z0-9_-]{43}");

    private final MastodonTokens tokens;
    private final Requests requests;

    AuthorizePage(MastodonTokens tokens, Requests requests) {
        this.tokens = tokens;
        this.requests = requests;
    }

    /** A checked authorization request: the app, where to return, the scopes, the state and the PKCE challenge. */
    private record Request(String clientId, MastodonTokens.App app, String redirectUri, Set<String> scopes, String scope, String state,
            Optional<String> challenge) {
        /** What the CSRF token binds to: every value the form carries. */
        String binding() {
            return String.join("\n", app.id(), redirectUri, scope, state, challenge.orElse(""));
        }
    }

    /** A request that cannot go back to the client: shown as an error page. */
    private static final class Unredirectable extends RuntimeException {
        Unredirectable(String message) {
            super(message, null, false, false);
        }
    }

    /** A request refused with an OAuth error sent back to the client's redirect URI. */
    private static final class Refused extends RuntimeException {
        private final String redirectUri;
        private final String state;
        private final String error;

        Refused(String redirectUri, String state, String error, String description) {
            super(description, null, false, false);
            this.redirectUri = redirectUri;
            this.state = state;
            this.error = error;
        }
    }

    /**
     * The request's parameters checked; or empty, the refusal already answered (a page when there
     * is no redirect URI to trust, else a redirect carrying the error).
     */
    private Optional<Request> checkedOrAnswered(Context ctx, Params params) {
        try {
            return Optional.of(check(params));
        } catch (Unredirectable e) {
            page(ctx, 400, null, errorBody(e.getMessage()));
        } catch (Refused e) {
            refuse(ctx, e);
        }
        return Optional.empty();
    }

    void show(Context ctx) {
        Params params = requests.params(ctx);
        Optional<Request> checked = checkedOrAnswered(ctx, params);
        if (checked.isEmpty()) {
            return;
        }
        Request request = checked.get();
        String secret = Optional.ofNullable(ctx.cookie(CSRF_COOKIE)).filter(c -> BROWSER_SECRET.matcher(c).matches())
                .orElseGet(tokens::newBrowserSecret);
        ctx.header("Set-Cookie", CSRF_COOKIE + "=" + secret + "; Path=/oauth/authorize; HttpOnly; SameSite=Strict"
                + ("https".equals(ctx.scheme()) ? "; Secure" : ""));
        page(ctx, 200, request, form(request, tokens.csrfToken(secret, request.binding()), null));
    }

    void submit(Context ctx) {
        Params params = requests.params(ctx);
        Optional<Request> checked = checkedOrAnswered(ctx, params);
        if (checked.isEmpty()) {
            return;
        }
        Request request = checked.get();
        String secret = ctx.cookie(CSRF_COOKIE);
        if (secret == null || !tokens.csrfMatches(params.first("csrf_token").orElse(null), secret, request.binding())) {
            page(ctx, 403, null, errorBody("This form has expired or was not sent from this browser. Go back and try again."));
            return;
        }
        if (!"approve".equals(params.first("decision").orElse(""))) {
            refuse(ctx, new Refused(request.redirectUri(), request.state(), "access_denied", "The user denied the request"));
            return;
        }
        SignedIn user;
        try {
            user = requests.signIn(ctx,
                    Username.of(params.first("username").orElse("").strip()), new Password(params.first("password").orElse("")));
        } catch (FeedlineException.InvalidCredentials | FeedlineException.InvalidInput e) {
            page(ctx, 401, request, form(request, tokens.csrfToken(secret, request.binding()),
                    "The username or password is wrong."));
            return;
        } catch (MastodonError limited) {
            if (limited.status() != 429) {
                throw limited;
            }
            limited.headers().forEach(ctx::header);
            page(ctx, 429, request, errorBody("Too many sign-in attempts. Try again later."));
            return;
        } catch (FeedlineException.Overloaded e) {
            ctx.header("Retry-After", Long.toString(Math.max(1, e.retryAfter().toSeconds())));
            page(ctx, 503, request, errorBody("Too many sign-ins right now. Try again in a moment."));
            return;
        }
        String code = tokens.issueCode(new MastodonTokens.Approval(
                request.app(), user, request.redirectUri(), request.scopes(), request.challenge()));
        if (request.redirectUri().equals(OUT_OF_BAND)) {
            page(ctx, 200, request, "<h1>Authorization code</h1><p>Copy this code into "
                    + escape(request.app().name()) + ":</p><p><code id=\"code\">" + escape(code) + "</code></p>"
                    + "<p>It works once, within " + MastodonTokens.CODE_TTL.toMinutes() + " minutes.</p>");
            return;
        }
        ctx.redirect(withQuery(request.redirectUri(), "code", code, request.state()), io.javalin.http.HttpStatus.FOUND);
    }

    private Request check(Params params) {
        String clientId = params.first("client_id").orElse("");
        MastodonTokens.App app = tokens.app(clientId).orElseThrow(() -> new Unredirectable("The client is unknown."));
        String redirectUri = params.first("redirect_uri").orElse("");
        if (!app.redirectUris().contains(redirectUri)) {
            throw new Unredirectable("The redirect URI is not one this client registered.");
        }
        if (!RedirectUris.allowed(redirectUri)) {
            // An app registered before such schemes were refused still carries one: never follow it.
            throw new Unredirectable("The redirect URI is not one this server sends a browser to.");
        }
        String state = params.first("state").orElse("");
        if (!"code".equals(params.first("response_type").orElse(""))) {
            throw new Refused(redirectUri, state, "unsupported_response_type", "response_type must be code");
        }
        Set<String> scopes;
        try {
            scopes = Scope.parse(params.first("scope").orElse(null), String.join(" ", app.scopes()));
        } catch (MastodonError e) {
            throw new Refused(redirectUri, state, "invalid_scope", "a requested scope is unknown");
        }
        if (!app.scopes().containsAll(scopes)) {
            throw new Refused(redirectUri, state, "invalid_scope", "the requested scope is more than the app registered");
        }
        Optional<String> challenge = params.first("code_challenge").filter(s -> !s.isEmpty());
        Optional<String> method = params.first("code_challenge_method").filter(s -> !s.isEmpty());
        if (challenge.isPresent() && !"S256".equals(method.orElse(""))) {
            throw new Refused(redirectUri, state, "invalid_request", "code_challenge_method must be S256");
        }
        if (challenge.isEmpty() && method.isPresent()) {
            throw new Refused(redirectUri, state, "invalid_request", "code_challenge is required with code_challenge_method");
        }
        if (challenge.isPresent() && !CHALLENGE.matcher(challenge.get()).matches()) {
            throw new Refused(redirectUri, state, "invalid_request", "code_challenge is not an S256 challenge");
        }
        return new Request(clientId, app, redirectUri, scopes, Scope.join(scopes), state, challenge);
    }

    private static void refuse(Context ctx, Refused refused) {
        if (refused.redirectUri.equals(OUT_OF_BAND)) {
            page(ctx, 400, null, errorBody(refused.getMessage()));
            return;
        }
        String url = withQuery(refused.redirectUri, "error", refused.error, refused.state)
                + "&error_description=" + encode(refused.getMessage());
        ctx.redirect(url, io.javalin.http.HttpStatus.FOUND);
    }

    private static String withQuery(String redirectUri, String name, String value, String state) {
        StringBuilder url = new StringBuilder(redirectUri)
                .append(redirectUri.contains("?") ? '&' : '?')
                .append(name).append('=').append(encode(value));
        if (!state.isEmpty()) {
            url.append("&state=").append(encode(state));
        }
        return url.toString();
    }

    private static String form(Request request, String csrf, String error) {
        StringBuilder html = new StringBuilder()
                .append("<h1>Authorize ").append(escape(request.app().name())).append("</h1>")
                .append("<p>").append(escape(request.app().name())).append(" asks to use your Feedline account with these permissions:</p><ul>");
        request.scopes().forEach(scope -> html.append("<li>").append(escape(scope)).append("</li>"));
        html.append("</ul>");
        if (!request.redirectUri().equals(OUT_OF_BAND)) {
            html.append("<p>You will be sent back to <code>").append(escape(request.redirectUri())).append("</code>.</p>");
        }
        if (error != null) {
            html.append("<p role=\"alert\" id=\"error\">").append(escape(error)).append("</p>");
        }
        html.append("<form method=\"post\" action=\"/oauth/authorize\">");
        hidden(html, "response_type", "code");
        hidden(html, "client_id", request.clientId());
        hidden(html, "redirect_uri", request.redirectUri());
        hidden(html, "scope", request.scope());
        hidden(html, "state", request.state());
        request.challenge().ifPresent(challenge -> {
            hidden(html, "code_challenge", challenge);
            hidden(html, "code_challenge_method", "S256");
        });
        hidden(html, "csrf_token", csrf);
        return html.append("<p><label>Username <input name=\"username\" id=\"username\" autocomplete=\"username\" required></label></p>")
                .append("<p><label>Password <input type=\"password\" name=\"password\" id=\"password\" autocomplete=\"current-password\" required></label></p>")
                .append("<p><button type=\"submit\" name=\"decision\" value=\"approve\" id=\"approve\">Authorize</button> ")
                .append("<button type=\"submit\" name=\"decision\" value=\"deny\" id=\"deny\" formnovalidate>Deny</button></p>")
                .append("</form>")
                .toString();
    }

    private static void hidden(StringBuilder html, String name, String value) {
        if (value != null) {
            html.append("<input type=\"hidden\" name=\"").append(name).append("\" value=\"").append(escape(value)).append("\">");
        }
    }

    private static String errorBody(String message) {
        return "<h1>Authorization failed</h1><p role=\"alert\" id=\"error\">" + escape(message) + "</p>";
    }

    /**
     * Writes the page with headers that allow no script, style, frame or foreign form target: the
     * form may post here and, since browsers apply {@code form-action} to the redirect that answers
     * it, go on to the client's registered redirect URI.
     */
    private static void page(Context ctx, int status, Request request, String body) {
        String formAction = "'self'" + Optional.ofNullable(request).map(r -> formTarget(r.redirectUri())).map(t -> " " + t).orElse("");
        ctx.status(status)
                .header("Content-Security-Policy", "default-src 'none'; form-action " + formAction
                        + "; frame-ancestors 'none'; base-uri 'none'")
                .header("X-Frame-Options", "DENY")
                .header("X-Content-Type-Options", "nosniff")
                .header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", "no-store")
                .contentType("text/html; charset=utf-8")
                .result("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                        + "<title>Feedline: authorize an application</title></head><body><main>" + body
                        + "</main></body></html>");
    }

    /** The CSP source of a redirect URI: its origin, or its scheme for an app's custom scheme. */
    private static String formTarget(String redirectUri) {
        if (redirectUri.equals(OUT_OF_BAND)) {
            return null;
        }
        URI uri = URI.create(redirectUri);
        String scheme = uri.getScheme().toLowerCase(java.util.Locale.ROOT);
        if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
            return scheme + "://" + uri.getHost() + (uri.getPort() == -1 ? "" : ":" + uri.getPort());
        }
        return scheme.matches("[a-z][a-z0-9+.-]*") ? scheme + ":" : null;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** HTML text and attribute escaping. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.appendCodePoint(c);
            }
        });
        return out.toString();
    }
}
