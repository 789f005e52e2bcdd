package io.feedline.testsupport;

import java.util.function.Supplier;

/**
 * An engine looked up once per JVM: the first call runs the lookup; every later call returns what it
 * found, or fails again with what it could not find (so a missing server costs one search, not one
 * per test class, and every test that needs it says why).
 */
final class Lookup<T> {
    private final Supplier<T> search;
    private T found;
    private IllegalStateException failure;

    Lookup(Supplier<T> search) {
        this.search = search;
    }

    synchronized T get() {
        if (found == null && failure == null) {
            try {
                found = search.get();
            } catch (IllegalStateException e) {
                failure = e;
            }
        }
        if (failure != null) {
            throw new IllegalStateException(failure.getMessage(), failure);
        }
        return found;
    }
}
