package io.feedline.ports.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.UserId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/** Runs of follower pages, checked against the same list read a page at a time. */
final class PageRuns {
    private PageRuns() {}

    /**
     * Reads the whole list in runs of {@code pagesPerRun} pages of {@code size}, each run from the
     * last one's token, asserts that the pages are those {@code single} reads one by one (items, and
     * whether more follow), and returns how many pages each run held.
     */
    static List<Integer> readInRuns(Function<PageRequest, Page<UserId>> single,
            BiFunction<PageRequest, Integer, List<Page<UserId>>> run, int size, int pagesPerRun) {
        List<Page<UserId>> oneByOne = new ArrayList<>();
        Page<UserId> page = single.apply(PageRequest.first(size));
        oneByOne.add(page);
        while (page.next().isPresent()) {
            page = single.apply(PageRequest.after(page.next().get(), size));
            oneByOne.add(page);
        }
        List<Page<UserId>> inRuns = new ArrayList<>();
        List<Integer> runSizes = new ArrayList<>();
        PageRequest request = PageRequest.first(size);
        while (true) {
            List<Page<UserId>> pages = run.apply(request, pagesPerRun);
            assertThat(pages).hasSizeBetween(1, pagesPerRun);
            assertThat(pages.subList(0, pages.size() - 1)).as("only a run's last page may end the list")
                    .allSatisfy(inside -> assertThat(inside.next()).isPresent());
            runSizes.add(pages.size());
            inRuns.addAll(pages);
            if (pages.getLast().next().isEmpty() || runSizes.size() > 100) {
                break;
            }
            request = PageRequest.after(pages.getLast().next().get(), size);
        }
        assertThat(inRuns).extracting(Page::items).containsExactlyElementsOf(oneByOne.stream().map(Page::items).toList());
        assertThat(inRuns).extracting(p -> p.next().isPresent())
                .containsExactlyElementsOf(oneByOne.stream().map(p -> p.next().isPresent()).toList());
        return runSizes;
    }
}
