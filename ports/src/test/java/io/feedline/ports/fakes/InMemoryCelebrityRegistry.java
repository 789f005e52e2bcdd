package io.feedline.ports.fakes;

import io.feedline.ports.model.UserId;
import io.feedline.ports.out.CelebrityRegistry;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/** The celebrity set in memory. */
public final class InMemoryCelebrityRegistry implements CelebrityRegistry {
    private final Set<UserId> marked = new HashSet<>();
    private final CallLog calls = new CallLog();

    public CallLog calls() {
        return calls;
    }

    @Override
    public synchronized Set<UserId> all() {
        calls.record("all");
        return Set.copyOf(marked);
    }

    @Override
    public synchronized void mark(UserId author) {
        calls.record("mark");
        marked.add(Objects.requireNonNull(author, "author"));
    }
}
