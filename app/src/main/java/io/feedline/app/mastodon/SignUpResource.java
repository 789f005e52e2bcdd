package io.feedline.app.mastodon;

import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code POST /api/v1/accounts}: a client signs a person up with its app token and gets back a
 * token for the new account, with the app token's scopes, as Mastodon does. Feedline sends no
 * confirmation mail, so the token works at once. A refused field is named in Mastodon's
 * {@code details}, each with Mastodon's error code ({@code ERR_BLANK}, {@code ERR_INVALID},
 * {@code ERR_TOO_SHORT}, {@code ERR_TOO_LONG}, {@code ERR_TAKEN}, {@code ERR_ACCEPTED}), so clients
 * show it beside the field.
 */
final class SignUpResource {
    private final RegisterUser registerUser;
    private final MastodonTokens tokens;
    private final Requests requests;

    SignUpResource(RegisterUser registerUser, MastodonTokens tokens, Requests requests) {
        this.registerUser = registerUser;
        this.tokens = tokens;
        this.requests = requests;
    }

    void create(Context ctx) {
        MastodonTokens.Grant grant = requests.grant(ctx);
        if (!registerUser.registrationsOpen()) {
            throw MastodonError.of(403, "Registrations are closed on this server");
        }
        Params params = requests.params(ctx);
        Map<String, List<Map<String, String>>> details = new LinkedHashMap<>();
        Optional<Username> username = field(details, "username", params, Username::of);
        Optional<Email> email = field(details, "email", params, Email::of);
        Optional<Password> password = field(details, "password", params, Password::new);
        if (!params.first("agreement").map(SignUpResource::accepted).orElse(false)) {
            details.put("agreement", List.of(detail("ERR_ACCEPTED", "must be accepted")));
        }
        if (params.first("locale").filter(s -> !s.isBlank()).isEmpty()) {
            details.put("locale", List.of(detail("ERR_BLANK", "can't be blank")));
        }
        if (!details.isEmpty()) {
            throw MastodonError.validation(details);
        }
        // A sign-up hashes a password: it spends the address's credentials budget, as a login does.
        requests.spendCredentials(ctx);
        UserAccount account;
        try {
            account = registerUser.register(new RegisterUser.Command(username.orElseThrow(), email.orElseThrow(),
                    password.orElseThrow(), DisplayName.of(username.orElseThrow().value()), Bio.EMPTY));
        } catch (FeedlineException.UsernameTaken e) {
            throw MastodonError.validation(Map.of("username", List.of(detail("ERR_TAKEN", "is already taken"))));
        } catch (FeedlineException.EmailTaken e) {
            throw MastodonError.validation(Map.of("email", List.of(detail("ERR_TAKEN", "is already taken"))));
        }
        // The stamp of the hash just stored, read back: the new token is as any login's.
        MastodonTokens.Issued issued = tokens.issueFor(grant, new SignedIn(account, requests.sessionStamp(account.id())));
        ctx.header("Cache-Control", "no-store");
        ctx.json(new Entities.Token(issued.accessToken(), "Bearer", Scope.join(issued.scopes()),
                issued.createdAt().getEpochSecond()));
    }

    /** The field parsed by {@code parse}; a blank or refused one goes into {@code details} instead. */
    private static <T> Optional<T> field(Map<String, List<Map<String, String>>> details, String name, Params params,
            Function<String, T> parse) {
        Optional<String> raw = params.first(name).filter(s -> !s.isBlank());
        if (raw.isEmpty()) {
            details.put(name, List.of(detail("ERR_BLANK", "can't be blank")));
            return Optional.empty();
        }
        try {
            return Optional.of(parse.apply(raw.get()));
        } catch (FeedlineException.InvalidInput e) {
            details.put(name, List.of(detail(code(name, raw.get()), e.getMessage())));
            return Optional.empty();
        }
    }

    /** Mastodon's code for a refused field: a password's length has codes of its own. */
    private static String code(String field, String raw) {
        if (field.equals("password")) {
            return raw.length() < Password.MIN_LENGTH ? "ERR_TOO_SHORT" : raw.length() > Password.MAX_LENGTH ? "ERR_TOO_LONG" : "ERR_INVALID";
        }
        return "ERR_INVALID";
    }

    private static Map<String, String> detail(String code, String description) {
        return Map.of("error", code, "description", description);
    }

    /** Rails' truthy values, as Mastodon reads {@code agreement}. */
    private static boolean accepted(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true", "1", "on", "t" -> true;
            default -> false;
        };
    }
}
