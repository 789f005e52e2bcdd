package io.feedline.ports.model;

import java.util.Objects;

/**
 * A followable thing: its kind and its key within the kind (a user id, a normalised tag name). The
 * key holds no {@code #}, so {@code <kind>#<key>} is one unambiguous string in storage keys.
 */
public record EntityRef(EntityKind kind, String key) {
    public EntityRef {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(key, "key");
        if (key.isEmpty() || key.indexOf('#') >= 0) {
            throw new IllegalArgumentException("an entity key is non-empty and holds no '#': " + key);
        }
    }

    public static EntityRef of(Tag tag) {
        return new EntityRef(EntityKind.TAG, tag.value());
    }

    public static EntityRef of(UserId user) {
        return new EntityRef(EntityKind.USER, user.value());
    }

    /** The tag this ref names. */
    public Tag tag() {
        if (!kind.equals(EntityKind.TAG)) {
            throw new IllegalStateException(this + " is not a tag");
        }
        return new Tag(key);
    }

    /** {@code <kind>#<key>}, as storage keys spell it. */
    public String wire() {
        return kind.name() + "#" + key;
    }

    /** The ref spelled {@code <kind>#<key>}. */
    public static EntityRef parse(String wire) {
        int hash = wire.indexOf('#');
        if (hash < 0) {
            throw new IllegalArgumentException("not <kind>#<key>: " + wire);
        }
        return new EntityRef(new EntityKind(wire.substring(0, hash)), wire.substring(hash + 1));
    }

    @Override
    public String toString() {
        return wire();
    }
}
