package io.feedline.ports.model;

/**
 * What a person signs in with: their username or their email. Usernames are {@code [a-z0-9_]}, so
 * a name with an {@code @} can only be an email; Mastodon's clients send either as {@code username}.
 */
public sealed interface LoginName permits Username, Email {

    /** The name as stored and compared: in lower case. */
    String value();

    /** An email when {@code text} holds an {@code @}, otherwise a username; each checked as such. */
    static LoginName parse(String text) {
        return text != null && text.indexOf('@') >= 0 ? Email.of(text) : Username.of(text);
    }
}
