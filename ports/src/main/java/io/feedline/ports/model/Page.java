package io.feedline.ports.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/** One page of a list and, when more may follow, the position to continue from. */
public record Page<T>(List<T> items, Optional<PageToken> next) {
    public Page {
        items = List.copyOf(items);
        Objects.requireNonNull(next, "next");
    }

    public static <T> Page<T> last(List<T> items) {
        return new Page<>(items, Optional.empty());
    }

    public <R> Page<R> map(Function<? super T, ? extends R> mapper) {
        return new Page<>(items.stream().<R>map(mapper).toList(), next);
    }
}
