package io.feedline.ports.out;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Runs of consecutive pages read a page at a time, for ports whose adapters read no run at once. */
final class Pages {
    private Pages() {}

    static <T> List<Page<T>> run(Function<PageRequest, Page<T>> read, PageRequest first, int pages) {
        if (pages < 1) {
            throw new IllegalArgumentException("a run holds at least one page");
        }
        List<Page<T>> run = new ArrayList<>(pages);
        PageRequest request = first;
        while (true) {
            Page<T> page = read.apply(request);
            run.add(page);
            if (run.size() == pages || page.next().isEmpty()) {
                return List.copyOf(run);
            }
            request = new PageRequest(Optional.of(page.next().get()), first.limit());
        }
    }
}
