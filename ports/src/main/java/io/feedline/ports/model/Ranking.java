package io.feedline.ports.model;

import java.util.List;
import java.util.Objects;

/**
 * A bounded, precomputed ranking (the popular posts of a window, the popular or newest accounts):
 * its entries best first, and a version that moves by one with each replacement, so concurrent
 * refreshers in many processes replace it by compare-and-set.
 */
public record Ranking(String name, long version, List<Entry> entries) {
    /** The most entries a ranking holds. */
    public static final int MAX_ENTRIES = 200;

    public Ranking {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty() || name.length() > 100 || name.contains("#")) {
            throw new IllegalArgumentException("a ranking name is 1-100 characters without '#'");
        }
        if (version < 0) {
            throw new IllegalArgumentException("version < 0");
        }
        entries = List.copyOf(entries);
        if (entries.size() > MAX_ENTRIES) {
            throw new IllegalArgumentException("a ranking holds at most " + MAX_ENTRIES + " entries");
        }
    }

    /** A ranking never written: version 0, no entries. */
    public static Ranking empty(String name) {
        return new Ranking(name, 0, List.of());
    }

    /**
     * One ranked item: its id (a post's or a user's), its owner (a post's author; a user's own id)
     * and its score (engagement, followers, or registration time).
     */
    public record Entry(String id, String owner, long score) {
        public Entry {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(owner, "owner");
            if (id.isEmpty() || owner.isEmpty() || id.contains(" ") || owner.contains(" ")) {
                throw new IllegalArgumentException("ids and owners are non-empty and hold no space");
            }
        }
    }
}
