package io.feedline.app.proofs;

import io.feedline.ports.in.RegisterUser;
import io.feedline.ports.in.UseCases;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.Username;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/** What the proofs share: the polyglot layout over a DynamoDB and a Redis of their own, and sign-ups. */
final class Proofs {
    private Proofs() {}

    /**
     * Settings for servers and workers that share one DynamoDB table (a new one, named from
     * {@code table}) and one Redis, users on DynamoDB, with a fresh token secret; add to them freely.
     */
    static Map<String, Object> polyglot(String dynamoEndpoint, String redisUri, String table) {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Map<String, Object> settings = new HashMap<>();
        settings.put("profile", "polyglot");
        settings.put("storage.users", "dynamodb");
        settings.put("token.secret", HexFormat.of().formatHex(key));
        settings.put("dynamodb.endpoint", dynamoEndpoint);
        settings.put("dynamodb.table", table + "-" + System.nanoTime());
        settings.put("redis.uri", redisUri);
        return settings;
    }

    /** Signs {@code name} up, with an address and a password derived from it. */
    static UserAccount register(UseCases app, String name) {
        return app.registerUser().register(new RegisterUser.Command(Username.of(name), Email.of(name + "@example.org"),
                new Password("proof-" + name), DisplayName.of(name), Bio.EMPTY));
    }
}
