package io.feedline.ports.model;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A kind of thing a user can follow. {@link #USER} and {@link #TAG} are built in; a deployment may
 * name more (a city, an artist) without a new design: the key layout is kind-prefixed everywhere.
 * A kind is 1-20 lower-case ASCII letters.
 */
public record EntityKind(String name) {
    private static final Pattern NAME = Pattern.compile("[a-z]{1,20}");

    public static final EntityKind USER = new EntityKind("user");
    public static final EntityKind TAG = new EntityKind("tag");

    public EntityKind {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("an entity kind is 1-20 of a-z: " + name);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
