package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.Application;
import io.feedline.app.mastodon.Entities.CredentialApplication;
import io.feedline.app.mastodon.Entities.Token;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.LoginName;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Client registration and OAuth 2 tokens: the {@code authorization_code} grant (with PKCE; the code
 * comes from {@link AuthorizePage}), {@code password} and {@code client_credentials}, revocation.
 */
final class OAuthResource {
    private final MastodonTokens tokens;
    private final Requests requests;

    OAuthResource(MastodonTokens tokens, Requests requests) {
        this.tokens = tokens;
        this.requests = requests;
    }

    void createApp(Context ctx) {
        Params params = requests.params(ctx);
        String name = params.required("client_name").strip();
        if (name.length() > 60) {
            throw MastodonError.validation("client_name is too long (maximum is 60 characters)");
        }
        List<String> redirects = params.list("redirect_uris").stream()
                .flatMap(value -> Arrays.stream(value.strip().split("\\s+")))
                .filter(s -> !s.isEmpty())
                .toList();
        if (redirects.isEmpty()) {
            throw MastodonError.validation("redirect_uris can't be blank");
        }
        redirects.forEach(uri -> RedirectUris.refusal(uri).ifPresent(refused -> {
            throw MastodonError.validation(refused);
        }));
        Set<String> scopes = Scope.parse(params.first("scopes").orElse(null), "read");
        Optional<String> website = params.first("website").filter(s -> !s.isBlank());
        MastodonTokens.Registered registered = tokens.register(name, redirects, scopes, website);
        MastodonTokens.App app = registered.app();
        ctx.json(new CredentialApplication(app.id(), app.name(), website.orElse(null), List.copyOf(scopes), redirects,
                String.join("\n", redirects), "", registered.clientId(), registered.clientSecret(), 0));
    }

    void verifyApp(Context ctx) {
        MastodonTokens.Grant grant = requests.grant(ctx);
        ctx.json(new Application(grant.appId(), grant.appName(), null, List.copyOf(grant.scopes()), List.of(), "", ""));
    }

    void token(Context ctx) {
        Params params = requests.params(ctx);
        String grantType = params.first("grant_type")
                .orElseThrow(() -> MastodonError.oauth(400, "invalid_request", "grant_type is required"));
        if (grantType.equals("authorization_code")) {
            MastodonTokens.Issued issued = tokens.exchange(
                    params.first("client_id").orElse(null),
                    params.first("client_secret").filter(s -> !s.isEmpty()),
                    params.first("code").orElseThrow(() -> MastodonError.oauth(400, "invalid_request", "code is required")),
                    params.first("redirect_uri").orElseThrow(
                            () -> MastodonError.oauth(400, "invalid_request", "redirect_uri is required")),
                    params.first("code_verifier").filter(s -> !s.isEmpty()));
            answer(ctx, issued);
            return;
        }
        MastodonTokens.App app = tokens.authenticateClient(
                params.first("client_id").orElse(null), params.first("client_secret").orElse(null));
        Set<String> scopes = Scope.parse(params.first("scope").orElse(null), String.join(" ", app.scopes()));
        if (!app.scopes().containsAll(scopes)) {
            throw MastodonError.oauth(400, "invalid_scope", "the requested scope is more than the app registered");
        }
        Optional<SignedIn> user = switch (grantType) {
            case "password" -> Optional.of(signIn(ctx, params));
            case "client_credentials" -> Optional.empty();
            default -> throw MastodonError.oauth(400, "unsupported_grant_type",
                    "grant_type must be authorization_code, password or client_credentials");
        };
        answer(ctx, tokens.issue(app, user, scopes));
    }

    private static void answer(Context ctx, MastodonTokens.Issued issued) {
        ctx.header("Cache-Control", "no-store");
        ctx.json(new Token(issued.accessToken(), "Bearer", Scope.join(issued.scopes()), issued.createdAt().getEpochSecond()));
    }

    void revoke(Context ctx) {
        Params params = requests.params(ctx);
        MastodonTokens.App app = tokens.authenticateClient(
                params.first("client_id").orElse(null), params.first("client_secret").orElse(null));
        tokens.revoke(app, params.first("token")
                .orElseThrow(() -> MastodonError.oauth(400, "invalid_request", "token is required")));
        ctx.json(Entities.map());
    }

    /** Mastodon's clients send the email or the username as {@code username}; either signs in. */
    private SignedIn signIn(Context ctx, Params params) {
        try {
            return requests.signIn(ctx,
                    LoginName.parse(params.first("username").orElse(null)), new Password(params.first("password").orElse("")));
        } catch (FeedlineException.InvalidCredentials | FeedlineException.InvalidInput e) {
            throw MastodonError.oauth(400, "invalid_grant", "the username or password is wrong");
        }
    }
}
