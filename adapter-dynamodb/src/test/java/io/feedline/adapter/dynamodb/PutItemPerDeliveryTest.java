package io.feedline.adapter.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.feedline.ports.contract.TestIds;
import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.PostRef;
import io.feedline.ports.model.UserId;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The bench's naive fan-out baseline writes what the batched append writes, one request per delivery. */
class PutItemPerDeliveryTest {

    @Test
    void eachDeliveryIsOnePutItemOfTheEntryTheFeedReads() {
        Map<String, AtomicInteger> reported = new ConcurrentHashMap<>();
        CapacityListener requests = (pattern, read, write) ->
                reported.computeIfAbsent(pattern, k -> new AtomicInteger()).incrementAndGet();
        PostRef entry = new PostRef(TestIds.postId(), TestIds.userId());
        List<UserId> readers = IntStream.range(0, 30).mapToObj(i -> TestIds.userId()).toList();

        try (DynamoStorage storage = LocalDynamo.freshTable("naive", List.of(), Retries.DEFAULT);
                PutItemPerDelivery naive = PutItemPerDelivery.open(storage.settings(), requests)) {
            naive.write(readers.stream().map(reader -> new Delivery(reader, entry)).toList());

            assertThat(reported).containsOnlyKeys(PutItemPerDelivery.ACCESS_PATTERN);
            assertThat(reported.get(PutItemPerDelivery.ACCESS_PATTERN)).hasValue(readers.size());
            assertThat(readers).allSatisfy(reader ->
                    assertThat(storage.feedItems().page(reader, Optional.empty(), 10)).containsExactly(entry));
        }
    }
}
