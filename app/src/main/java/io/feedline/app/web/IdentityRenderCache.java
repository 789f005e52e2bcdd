package io.feedline.app.web;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A value kept per object instance, found by identity: a table of slots in pairs chosen by the
 * instance's identity hash, with no lock, no hashing of the object's value and no upkeep. Both APIs
 * use it to find a listed post's rendering by the post instance, since a hot page's posts are the
 * near cache's own objects.
 *
 * <p>A pair keeps the two instances last stored in it; a third pushes the older out. Two threads
 * that store into one pair at once may lose one store. Either way the lost value is merely not
 * found, so the caller must treat this as a cache in front of its own lookup by value. It holds its
 * instances strongly, at most one per slot, until others take their slots.
 */
public final class IdentityRenderCache<K, V> {
    private final AtomicReferenceArray<Slot<K, V>> slots;
    private final int pairMask;

    /** @param slots how many instances it may hold: a power of two, at least 2 */
    public IdentityRenderCache(int slots) {
        if (slots < 2 || Integer.bitCount(slots) != 1) {
            throw new IllegalArgumentException("slots must be a power of two of at least 2, got " + slots);
        }
        this.slots = new AtomicReferenceArray<>(slots);
        this.pairMask = slots / 2 - 1;
    }

    /** The value last stored for this very instance, or null. */
    public V get(K instance) {
        int first = pairOf(instance);
        Slot<K, V> newest = slots.getAcquire(first);
        if (newest != null && newest.instance == instance) {
            return newest.value;
        }
        Slot<K, V> older = slots.getAcquire(first + 1);
        return older != null && older.instance == instance ? older.value : null;
    }

    /** Keeps the value for this instance, the newest of its pair; the one it displaces becomes the older. */
    public void put(K instance, V value) {
        int first = pairOf(instance);
        Slot<K, V> newest = slots.getAcquire(first);
        if (newest == null || newest.instance != instance) {
            slots.setRelease(first + 1, newest);
        }
        slots.setRelease(first, new Slot<>(instance, value));
    }

    private int pairOf(Object instance) {
        return (System.identityHashCode(instance) & pairMask) * 2;
    }

    private record Slot<K, V>(K instance, V value) {}
}
