package io.feedline.ports.fakes;

import io.feedline.ports.model.Ranking;
import io.feedline.ports.out.Rankings;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** In-memory {@link Rankings}: one value per name, replaced by compare-and-set on its version. */
public final class InMemoryRankings implements Rankings {
    private final Map<String, Ranking> rankings = new ConcurrentHashMap<>();
    private final CallLog calls = new CallLog();

    @Override
    public Ranking read(String name) {
        calls.record("read");
        return rankings.getOrDefault(name, Ranking.empty(name));
    }

    @Override
    public boolean replace(Ranking next, long expectedVersion) {
        calls.record("replace");
        if (next.version() != expectedVersion + 1) {
            throw new IllegalArgumentException("the next version is the expected one plus one");
        }
        boolean[] replaced = {false};
        rankings.compute(next.name(), (name, stored) -> {
            long current = stored == null ? 0 : stored.version();
            if (current != expectedVersion) {
                return stored;
            }
            replaced[0] = true;
            return next;
        });
        return replaced[0];
    }

    public CallLog calls() {
        return calls;
    }
}
