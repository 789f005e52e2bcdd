package io.feedline.app.http;

import java.util.Objects;

/**
 * One storage engine as {@code /health} sees it: a name, a cheap request that throws when the
 * engine does not answer, and whether it is only a cache. An engine of record that does not answer
 * takes the service {@code DOWN} (503); a cache that does not answer only makes it {@code DEGRADED}
 * (200), since every read then goes to the engines of record. The composition root builds these
 * from the adapters' probes, so this layer stays on the use-case side of the hexagon.
 */
public record EngineProbe(String component, Runnable ping, boolean cache) {
    public EngineProbe {
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(ping, "ping");
    }

    /** An engine of record. */
    public EngineProbe(String component, Runnable ping) {
        this(component, ping, false);
    }
}
