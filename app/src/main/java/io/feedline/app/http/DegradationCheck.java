package io.feedline.app.http;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Something that still works but not as it should, as {@code /health} reports it: a name, and a
 * check that says why it is degraded (empty when it is not). A degraded component makes the whole
 * {@code DEGRADED}, still a 200: the service answers, but someone should look. The composition root
 * builds these, so this layer stays on the use-case side of the hexagon.
 */
public record DegradationCheck(String component, Supplier<Optional<String>> degradedBecause) {
    public DegradationCheck {
        Objects.requireNonNull(component, "component");
        Objects.requireNonNull(degradedBecause, "degradedBecause");
    }
}
