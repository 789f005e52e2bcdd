package io.feedline.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * A power-law follower graph, the shape of real social graphs: a few accounts are followed by a
 * large share of everyone, most by a handful. Accounts are ranked by popularity in a random order
 * (so rank has nothing to do with id order); each user follows a few accounts drawn by a Zipf law
 * over that rank, and one extra reader follows many accounts (seed 002's worst row, 500 followees).
 * The same sizes, exponent and seed always give the same graph.
 *
 * @param users ordinary users, indices 0..users-1; the heavy reader is index {@code users}
 * @param following for each user (and the heavy reader, last), the indices it follows
 * @param followers for each ordinary user, how many follow it
 */
record FollowerGraph(int users, int[][] following, int[] followers) {

    /**
     * @param users ordinary users
     * @param meanFollows the mean number of accounts an ordinary user follows (uniform in [mean/2, 3*mean/2])
     * @param exponent the Zipf exponent; 1.0 is the classic power law
     * @param heavyFollows how many accounts the heavy reader follows
     */
    static FollowerGraph generate(int users, int meanFollows, double exponent, long seed, int heavyFollows) {
        if (users < 2 || meanFollows < 1 || meanFollows * 3 / 2 >= users || heavyFollows > users || exponent <= 0) {
            throw new IllegalArgumentException("graph sizes out of range: users " + users + ", follows " + meanFollows
                    + ", heavy reader " + heavyFollows + ", exponent " + exponent);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int[] byRank = shuffled(users, random);
        double[] weight = new double[users];
        double[] cumulative = new double[users];
        double total = 0;
        for (int rank = 0; rank < users; rank++) {
            weight[rank] = 1 / Math.pow(rank + 1, exponent);
            total += weight[rank];
            cumulative[rank] = total;
        }
        int[][] following = new int[users + 1][];
        int low = Math.max(1, meanFollows / 2);
        int high = Math.max(low, meanFollows * 3 / 2);
        for (int user = 0; user < users; user++) {
            int count = low + random.nextInt(high - low + 1);
            following[user] = draw(user, count, byRank, cumulative, total, random);
        }
        following[users] = drawWithoutReplacement(heavyFollows, byRank, weight, random);
        int[] followers = new int[users];
        for (int[] followees : following) {
            for (int followee : followees) {
                followers[followee]++;
            }
        }
        return new FollowerGraph(users, following, followers);
    }

    int heavyReader() {
        return users;
    }

    long edges() {
        long edges = 0;
        for (int[] followees : following) {
            edges += followees.length;
        }
        return edges;
    }

    /** Who follows {@code user}, heavy reader included. */
    List<List<Integer>> followerLists() {
        List<List<Integer>> lists = new ArrayList<>(users);
        for (int i = 0; i < users; i++) {
            lists.add(new ArrayList<>(followers[i]));
        }
        for (int follower = 0; follower < following.length; follower++) {
            for (int followee : following[follower]) {
                lists.get(followee).add(follower);
            }
        }
        return lists;
    }

    /** The {@code n} most-followed users, most followed first. */
    int[] mostFollowed(int n) {
        return java.util.stream.IntStream.range(0, users).boxed()
                .sorted((a, b) -> Integer.compare(followers[b], followers[a]))
                .limit(n)
                .mapToInt(Integer::intValue)
                .toArray();
    }

    /** Rejection sampling on the cumulative weights: cheap while a user follows few of many accounts. */
    private static int[] draw(int self, int count, int[] byRank, double[] cumulative, double total, SplittableRandom random) {
        BitSet taken = new BitSet();
        int[] out = new int[count];
        int found = 0;
        while (found < count) {
            int rank = Arrays.binarySearch(cumulative, random.nextDouble() * total);
            int user = byRank[rank < 0 ? -rank - 1 : rank];
            if (user != self && !taken.get(user)) {
                taken.set(user);
                out[found++] = user;
            }
        }
        return out;
    }

    /**
     * Weighted sampling without replacement (Efraimidis and Spirakis: keep the {@code count}
     * smallest exponential keys), exact even when the reader follows a large share of everyone.
     */
    private static int[] drawWithoutReplacement(int count, int[] byRank, double[] weight, SplittableRandom random) {
        record Keyed(int user, double key) {}
        PriorityQueue<Keyed> largestFirst = new PriorityQueue<>((a, b) -> Double.compare(b.key(), a.key()));
        for (int rank = 0; rank < byRank.length; rank++) {
            double key = -Math.log(1 - random.nextDouble()) / weight[rank];
            if (largestFirst.size() < count) {
                largestFirst.add(new Keyed(byRank[rank], key));
            } else if (key < largestFirst.peek().key()) {
                largestFirst.poll();
                largestFirst.add(new Keyed(byRank[rank], key));
            }
        }
        return largestFirst.stream().mapToInt(Keyed::user).toArray();
    }

    private static int[] shuffled(int n, SplittableRandom random) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        return order;
    }
}
