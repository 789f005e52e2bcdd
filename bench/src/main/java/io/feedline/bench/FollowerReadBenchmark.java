package io.feedline.bench;

import com.github.f4b6a3.ulid.UlidCreator;
import io.feedline.adapter.dynamodb.DynamoStorage;
import io.feedline.adapter.dynamodb.EmbeddedDynamo;
import io.feedline.adapter.dynamodb.FollowEdgeImport;
import io.feedline.ports.model.Page;
import io.feedline.ports.model.PageRequest;
import io.feedline.ports.model.PageToken;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.FollowGraph;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a big fan-out asks of the follow graph before it writes anything, on DynamoDB Local: the
 * audience read a page of 100 at a time and as runs of ten pages ({@code followerPages}), and the
 * re-check of who still follows ({@code followersAmong}) a page at a time and a run at a time.
 * Prints wall time, requests and read units of each; the requests and read units carry over to
 * DynamoDB, the times do not.
 */
final class FollowerReadBenchmark {
    static final int PAGE = 100;
    static final int PAGES_PER_RUN = 10;

    private FollowerReadBenchmark() {}

    /** One repetition: the four ways. */
    record Run(Way pages, Way runs, Way checkPerPage, Way checkPerRun) {}

    /** Wall time, requests and the read units DynamoDB Local reported for them. */
    record Way(double millis, long requests, double readUnits) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%,.0f ms (%,d requests, %,.0f RCU)", millis, requests, readUnits);
        }
    }

    record Result(int followers, List<Run> runs) {
        private double median(Function<Run, Way> way) {
            List<Double> sorted = runs.stream().map(run -> way.apply(run).millis()).sorted().toList();
            return sorted.get(sorted.size() / 2);
        }

        String summary() {
            StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                    "reading and checking the %,d followers of one author on DynamoDB Local (%d runs)%n", followers, runs.size()));
            for (int i = 0; i < runs.size(); i++) {
                Run run = runs.get(i);
                out.append(String.format(Locale.ROOT,
                        "  run %d: pages of %d %s | runs of %d pages %s | check a page at a time %s | a run at a time %s%n",
                        i + 1, PAGE, run.pages(), PAGES_PER_RUN, run.runs(), run.checkPerPage(), run.checkPerRun()));
            }
            out.append(String.format(Locale.ROOT,
                    "  median: read %,.0f ms a page at a time, %,.0f ms in runs (%.2fx); check %,.0f ms a page at a time, %,.0f ms a run at a time (%.2fx)%n",
                    median(Run::pages), median(Run::runs), median(Run::pages) / median(Run::runs),
                    median(Run::checkPerPage), median(Run::checkPerRun), median(Run::checkPerPage) / median(Run::checkPerRun)));
            return out.toString();
        }
    }

    /** Runs on a DynamoDB Local started for the purpose, in memory, and stopped afterwards. */
    static Result run(int followers, int repetitions) {
        if (followers < 1 || repetitions < 1) {
            throw new IllegalArgumentException("followers and repetitions must be positive");
        }
        BackendCalls calls = new BackendCalls();
        try (EmbeddedDynamo local = EmbeddedDynamo.inMemory();
                DynamoStorage storage = DynamoStorage.open(local.settings().withTableName("follower-reads"), calls)) {
            storage.bootstrap();
            FollowGraph graph = storage.followGraph();
            UserId author = newUserId();
            List<UserId> audience = new ArrayList<>(followers);
            for (int i = 0; i < followers; i++) {
                audience.add(newUserId());
            }
            ((FollowEdgeImport) graph).importFollowers(author, audience, Instant.now());
            // Warm-up, so that no way pays for class loading and JIT alone.
            run(graph, author, calls);
            List<Run> runs = new ArrayList<>();
            for (int i = 0; i < repetitions; i++) {
                runs.add(run(graph, author, calls));
            }
            return new Result(followers, runs);
        }
    }

    private static Run run(FollowGraph graph, UserId author, BackendCalls calls) {
        List<List<UserId>> pages = new ArrayList<>();
        Way onePage = timed(calls, () -> {
            Optional<PageToken> next = Optional.empty();
            do {
                Page<UserId> page = graph.followers(author, new PageRequest(next, PAGE));
                pages.add(page.items());
                next = page.next();
            } while (next.isPresent());
        });
        List<List<UserId>> runs = new ArrayList<>();
        Way inRuns = timed(calls, () -> {
            PageRequest request = PageRequest.first(PAGE);
            while (true) {
                List<Page<UserId>> run = graph.followerPages(author, request, PAGES_PER_RUN);
                runs.add(run.stream().flatMap(page -> page.items().stream()).toList());
                Optional<PageToken> next = run.getLast().next();
                if (next.isEmpty()) {
                    return;
                }
                request = PageRequest.after(next.get(), PAGE);
            }
        });
        if (!pages.stream().flatMap(List::stream).toList().equals(runs.stream().flatMap(List::stream).toList())) {
            throw new IllegalStateException("the runs listed other followers than the pages");
        }
        Way checkPages = timed(calls, () -> pages.forEach(page -> graph.followersAmong(author, page)));
        Way checkRuns = timed(calls, () -> runs.forEach(run -> graph.followersAmong(author, run)));
        return new Run(onePage, inRuns, checkPages, checkRuns);
    }

    /** Wall time of {@code work}, and its DynamoDB reads and read units (it writes nothing). */
    private static Way timed(BackendCalls calls, Runnable work) {
        BackendCalls.Snapshot before = calls.snapshot();
        long start = System.nanoTime();
        work.run();
        double millis = (System.nanoTime() - start) / 1e6;
        BackendCalls.Snapshot spent = calls.snapshot().since(before);
        return new Way(millis, spent.dynamoReads(), spent.readUnits());
    }

    private static UserId newUserId() {
        return UserId.of(UlidCreator.getUlid().toString());
    }
}
