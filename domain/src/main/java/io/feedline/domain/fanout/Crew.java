package io.feedline.domain.fanout;

import io.feedline.ports.model.Delivery;
import io.feedline.ports.model.MediaId;
import io.feedline.ports.out.FanoutJobs;
import io.feedline.ports.out.Posts;
import io.feedline.ports.out.Reposts;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/** What one worker's delivery runs share: its ports, its bounds and its other pieces. */
record Crew(Clock clock, FanoutSettings settings, StorageCalls storage, FanoutJobs jobs, Posts posts, Reposts reposts,
        TagFanout tags, RelationLane relations, FeedPurges purges, Audiences audiences, SideJobs side,
        Consumer<List<Delivery>> windows, Consumer<MediaId> mediaPurge) {}
