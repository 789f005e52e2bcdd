package io.feedline.app.http;

import java.util.Objects;

/**
 * One storage engine as {@code /health} sees it: a name and a cheap request that throws when the
 * engine does not answer. The composition root builds these from the adapters' probes, so this
 * layer stays on the use-case side of the hexagon.
 */
public record EngineProbe(String component, Runnable ping) {
    public EngineProbe {
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(ping, "ping");
    }
}
