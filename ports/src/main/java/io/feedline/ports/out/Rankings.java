package io.feedline.ports.out;

import io.feedline.ports.model.Ranking;

/**
 * Precomputed, bounded rankings by name, each read in one request. Writers replace a whole
 * ranking by compare-and-set on its version, so refreshers in many processes never lose each
 * other's merges.
 */
public interface Rankings {

    /** The ranking with this name, strongly consistent; {@link Ranking#empty} if never written. */
    Ranking read(String name);

    /**
     * Stores {@code next} (whose version must be {@code expectedVersion + 1}) if the stored
     * ranking's version is still {@code expectedVersion} (0: none stored). Returns false, and
     * changes nothing, if another writer replaced it first.
     */
    boolean replace(Ranking next, long expectedVersion);
}
