// The ordered stream under the game model's readers and the Python module's streams: a run on
// a thread of its own, its items handed over in order through a short queue.
#include "libpgn/ordered_stream.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace pgn {
namespace {

using namespace std::chrono_literals;

TEST(OrderedStream, HandsOverEveryItemInOrderThenEnds) {
  OrderedStream<int> stream(2);
  stream.start([&] {
    for (int i = 0; i < 100; ++i) stream.push(int(i));
  });
  std::vector<int> got;
  for (int item = 0; stream.next(item);) got.push_back(item);
  ASSERT_EQ(got.size(), 100u);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(got[i], i);
  EXPECT_EQ(stream.error(), "");
  int item = -1;
  EXPECT_EQ(stream.next(item, 1ms), OrderedStream<int>::Next::End);
}

TEST(OrderedStream, TheRunWaitsForRoomInTheQueue) {
  OrderedStream<int> stream(3);
  std::atomic<int> pushed{0};
  stream.start([&] {
    for (int i = 0; i < 10; ++i) {
      stream.push(int(i));
      ++pushed;
    }
  });
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(pushed.load(), 3);  // the fourth waits until the caller takes one
  int item = -1;
  ASSERT_EQ(stream.next(item, 1s), OrderedStream<int>::Next::Got);
  EXPECT_EQ(item, 0);
  std::this_thread::sleep_for(50ms);
  EXPECT_EQ(pushed.load(), 4);
}

TEST(OrderedStream, WaitingIsSaidWhenNothingCameInTime) {
  OrderedStream<int> stream(2);
  std::atomic<bool> go{false};
  stream.start([&] {
    while (!go) std::this_thread::sleep_for(1ms);
    stream.push(7);
  });
  int item = -1;
  EXPECT_EQ(stream.next(item, 5ms), OrderedStream<int>::Next::Waiting);
  go = true;
  EXPECT_EQ(stream.next(item, 10s), OrderedStream<int>::Next::Got);
  EXPECT_EQ(item, 7);
}

TEST(OrderedStream, CloseEndsARunBlockedOnAFullQueue) {
  OrderedStream<int> stream(1);
  stream.start([&] {
    while (!stream.stop_flag()->load()) stream.push(1);
  });
  std::this_thread::sleep_for(20ms);
  stream.close();  // would wait for ever if the blocked push were not woken
  EXPECT_TRUE(stream.stop_flag()->load());
}

TEST(OrderedStream, WhatTheRunThrowsIsItsError) {
  OrderedStream<int> stream(2);
  stream.start([&] {
    stream.push(1);
    throw std::runtime_error("cannot read");
  });
  int item = -1;
  EXPECT_TRUE(stream.next(item));
  EXPECT_FALSE(stream.next(item));
  EXPECT_EQ(stream.error(), "cannot read");
}

}  // namespace
}  // namespace pgn
